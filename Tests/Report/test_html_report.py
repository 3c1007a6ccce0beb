#!/usr/bin/env python3
"""The HTML report as a person sees it: the report of Examples/ rendered in headless Chromium.

Checks the totals, both charts and their tables against the JSON report of the same run, the filters, keyboard
focus, the layout at 200 % zoom, and runs the axe-core audit (axe-selenium-python) in light and dark appearance
with every disclosure open; it must find no violation. Screenshots go to the output folder
($HIGLINT_TEST_OUTPUT, default .build/test-output/html-report).

    python3 Tests/Report/test_html_report.py              # .ci/run installs what it needs
    python3 Tests/Report/test_html_report.py --readme     # also rewrites Documentation/report.png

Needs Debian's chromium and chromium-driver, and selenium and axe-selenium-python from PyPI
(.ci/install-report-test-tools installs them).
"""

import collections
import json
import os
import pathlib
import shutil
import subprocess
import sys
import unittest

from axe_selenium_python import Axe
from selenium import webdriver
from selenium.webdriver.chrome.service import Service
from selenium.webdriver.common.by import By
from selenium.webdriver.common.keys import Keys
from selenium.webdriver.support.ui import Select

REPOSITORY = pathlib.Path(__file__).resolve().parents[2]
OUTPUT = pathlib.Path(os.environ.get("HIGLINT_TEST_OUTPUT", REPOSITORY / ".build/test-output/html-report"))
SEVERITIES = ["error", "warning", "note"]


def higlint_binary():
    """The binary to test: $HIGLINT_BINARY, else the newest of the release and debug builds."""
    if os.environ.get("HIGLINT_BINARY"):
        return os.environ["HIGLINT_BINARY"]
    builds = [REPOSITORY / ".build" / kind / "higlint" for kind in ("release", "debug")]
    built = [path for path in builds if path.exists()]
    if not built:
        sys.exit("test_html_report: build higlint first (swift build)")
    return str(max(built, key=lambda path: path.stat().st_mtime))


def run_higlint(*arguments):
    result = subprocess.run([higlint_binary(), "Examples", "--no-cache", "--quiet", *arguments],
                            cwd=REPOSITORY, capture_output=True, text=True)
    if result.returncode not in (0, 1):
        raise AssertionError(f"higlint failed ({result.returncode}): {result.stderr}")
    return result.stdout


def chromium():
    options = webdriver.ChromeOptions()
    options.binary_location = shutil.which("chromium") or "/usr/bin/chromium"
    for argument in ("--headless=new", "--no-sandbox", "--disable-dev-shm-usage", "--disable-gpu",
                     "--window-size=1280,900", "--force-device-scale-factor=1", "--lang=en-US"):
        options.add_argument(argument)
    service = Service(shutil.which("chromedriver") or "/usr/bin/chromedriver")
    return webdriver.Chrome(service=service, options=options)


class HTMLReportTest(unittest.TestCase):
    @classmethod
    def setUpClass(cls):
        OUTPUT.mkdir(parents=True, exist_ok=True)
        cls.report = OUTPUT / "report.html"
        run_higlint("--format", "html", "--output", str(cls.report))
        cls.findings = json.loads(run_higlint("--format", "json"))
        cls.driver = chromium()
        cls.driver.get(cls.report.as_uri())

    @classmethod
    def tearDownClass(cls):
        cls.driver.quit()

    def setUp(self):
        self.driver.execute_cdp_cmd("Emulation.setEmulatedMedia", {"features": []})
        self.driver.execute_cdp_cmd("Emulation.clearDeviceMetricsOverride", {})
        self.driver.get(self.report.as_uri())

    def elements(self, selector):
        return self.driver.find_elements(By.CSS_SELECTOR, selector)

    def total(self, key):
        return int(self.driver.find_element(By.CSS_SELECTOR, f'[data-total="{key}"] .count').text)

    def visible_findings(self):
        return sum(1 for finding in self.elements(".finding") if finding.is_displayed())

    def test_totals_match_the_json_report(self):
        self.assertGreater(len(self.findings), 0)
        self.assertEqual(self.total("findings"), len(self.findings))
        counts = collections.Counter(finding["severity"] for finding in self.findings)
        for severity in SEVERITIES:
            self.assertEqual(self.total(severity), counts[severity], severity)
        self.assertEqual(self.total("files"), len(list((REPOSITORY / "Examples").rglob("*.swift")))
                         + len(list((REPOSITORY / "Examples").rglob("*.imageset"))))
        self.assertEqual(len(self.elements(".finding")), len(self.findings))

    def test_charts_have_a_conclusion_labelled_bars_and_the_same_data_as_a_table(self):
        by_section = collections.Counter(finding["section"] for finding in self.findings)
        by_rule = collections.Counter(finding["rule"] for finding in self.findings)
        for chart, expected in (("sections", by_section), ("rules", by_rule)):
            title = self.driver.find_element(By.ID, f"chart-{chart}-title").text
            self.assertTrue(title.startswith("Most findings "), title)
            bars = self.elements(f"#chart-{chart} .bar")
            self.assertEqual(len(bars), len(expected), chart)
            # Each bar is an image with a label VoiceOver reads: its name and count.
            labels = [bar.get_attribute("aria-label") for bar in bars]
            values = sorted((int(label.split(": ")[1].split(" ")[0]) for label in labels), reverse=True)
            self.assertEqual(values, sorted(expected.values(), reverse=True), chart)
            self.assertTrue(all(bar.get_attribute("role") == "img" for bar in bars))
            # Drawn longest first, as long as its share of the largest.
            widths = [bar.size["width"] for bar in bars]
            self.assertEqual(widths, sorted(widths, reverse=True), chart)
            rows = self.elements(f"#chart-{chart} tbody tr")
            self.assertEqual(sorted((int(row.find_elements(By.TAG_NAME, "td")[0].get_attribute("textContent"))
                                     for row in rows), reverse=True), values, chart)
        rule_table = {row.find_element(By.TAG_NAME, "th").get_attribute("textContent"):
                      int(row.find_elements(By.TAG_NAME, "td")[0].get_attribute("textContent"))
                      for row in self.elements("#chart-rules tbody tr")}
        self.assertEqual(sum(rule_table.values()), len(self.findings))

    def test_filters_by_severity_rule_and_path_without_a_server(self):
        self.assertTrue(self.driver.find_element(By.ID, "filters").is_displayed())
        self.assertEqual(self.visible_findings(), len(self.findings))
        self.driver.find_element(By.CSS_SELECTOR, 'input[name="severity"][value="note"]').click()
        notes = sum(1 for finding in self.findings if finding["severity"] == "note")
        self.assertEqual(self.visible_findings(), len(self.findings) - notes)
        self.assertIn(f"Showing {len(self.findings) - notes} of {len(self.findings)}",
                      self.driver.find_element(By.ID, "filter-status").text)
        self.driver.find_element(By.CSS_SELECTOR, 'input[name="severity"][value="note"]').click()

        rule = collections.Counter(finding["rule"] for finding in self.findings).most_common(1)[0][0]
        Select(self.driver.find_element(By.ID, "filter-rule")).select_by_value(rule)
        self.assertEqual(self.visible_findings(), sum(1 for finding in self.findings if finding["rule"] == rule))
        Select(self.driver.find_element(By.ID, "filter-rule")).select_by_value("")

        self.driver.find_element(By.ID, "filter-path").send_keys("Orders/")
        self.assertEqual(self.visible_findings(), sum(1 for finding in self.findings if "Orders/" in finding["path"]))
        # A rule with nothing left to show is hidden with its heading.
        shown_rules = {group.get_attribute("id") for group in self.elements(".rule-group") if group.is_displayed()}
        self.assertEqual(shown_rules, {"rule-" + finding["rule"] for finding in self.findings if "Orders/" in finding["path"]})

    def test_keyboard_reaches_the_skip_link_and_the_filters(self):
        body = self.driver.find_element(By.TAG_NAME, "body")
        body.send_keys(Keys.TAB)
        active = self.driver.switch_to.active_element
        self.assertEqual(active.get_attribute("class"), "skip")
        self.assertTrue(active.is_displayed())
        reached = []
        for _ in range(12):
            self.driver.switch_to.active_element.send_keys(Keys.TAB)
            reached.append(self.driver.switch_to.active_element.get_attribute("id") or
                           self.driver.switch_to.active_element.get_attribute("name"))
        self.assertIn("severity", reached)
        self.assertIn("filter-rule", reached)
        self.assertIn("filter-path", reached)

    def test_reads_at_200_percent_zoom_without_scrolling_sideways(self):
        # 200 % zoom of a 1280-pixel window lays the page out in 640 CSS pixels at twice the density.
        self.driver.execute_cdp_cmd("Emulation.setDeviceMetricsOverride",
                                    {"width": 640, "height": 900, "deviceScaleFactor": 2, "mobile": False})
        self.driver.get(self.report.as_uri())
        overflow = self.driver.execute_script(
            "return document.documentElement.scrollWidth - document.documentElement.clientWidth")
        self.assertLessEqual(overflow, 0)
        self.driver.save_screenshot(str(OUTPUT / "report-200-percent.png"))

    def test_axe_finds_no_violation_in_light_and_dark_appearance(self):
        for scheme in ("light", "dark"):
            self.driver.execute_cdp_cmd("Emulation.setEmulatedMedia",
                                        {"features": [{"name": "prefers-color-scheme", "value": scheme}]})
            self.driver.get(self.report.as_uri())
            background = self.driver.execute_script("return getComputedStyle(document.body).backgroundColor")
            self.assertEqual(background, "rgb(255, 255, 255)" if scheme == "light" else "rgb(28, 28, 30)")
            # Every disclosure open, so the tables, rationales and diffs are audited too.
            self.driver.execute_script("document.querySelectorAll('details').forEach(d => d.open = true)")
            axe = Axe(self.driver)
            axe.inject()
            results = axe.run()
            self.assertEqual(results["violations"], [], f"{scheme}: " + axe.report(results["violations"]))
            self.driver.execute_script("document.querySelectorAll('details').forEach(d => d.open = false)")
            self.save_full_page(OUTPUT / f"report-{scheme}.png")

    def test_is_self_contained(self):
        # Nothing is fetched: no style sheet, script, font or image from anywhere, so the file opens offline.
        self.assertEqual(self.driver.execute_script("return performance.getEntriesByType('resource').map(r => r.name)"), [])
        self.assertEqual(self.elements("link, img, iframe, object, embed, script[src]"), [])
        # Measured, not asserted (the machine's load decides the time): printed for the record.
        load = self.driver.execute_script(
            "const t = performance.getEntriesByType('navigation')[0]; return t.loadEventEnd - t.startTime")
        print(f"\nreport of Examples/: {self.report.stat().st_size} bytes, loaded in {load:.0f} ms", file=sys.stderr)

    def save_full_page(self, path):
        height = self.driver.execute_script("return document.documentElement.scrollHeight")
        self.driver.execute_cdp_cmd("Emulation.setDeviceMetricsOverride",
                                    {"width": 1280, "height": min(height, 16000), "deviceScaleFactor": 1, "mobile": False})
        self.driver.save_screenshot(str(path))
        self.driver.execute_cdp_cmd("Emulation.clearDeviceMetricsOverride", {})


def readme_screenshot():
    """The top of the report (totals and charts) for the README, small."""
    driver = chromium()
    try:
        driver.execute_cdp_cmd("Emulation.setDeviceMetricsOverride",
                               {"width": 900, "height": 760, "deviceScaleFactor": 1, "mobile": False})
        driver.get((OUTPUT / "report.html").as_uri())
        driver.save_screenshot(str(REPOSITORY / "Documentation/report.png"))
    finally:
        driver.quit()


if __name__ == "__main__":
    readme = "--readme" in sys.argv
    if readme:
        sys.argv.remove("--readme")
    program = unittest.main(exit=False, verbosity=2)
    if readme and program.result.wasSuccessful():
        readme_screenshot()
    sys.exit(0 if program.result.wasSuccessful() else 1)
