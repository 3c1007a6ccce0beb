# Homebrew formula for HIGLint. UNTESTED: written on Linux, where Homebrew and Xcode are not available; nobody has
# run `brew install` or `brew test` with it yet. Before publishing it in a tap, set the repository URL and the
# sha256 of the tag's archive (`shasum -a 256 0.3.0.tar.gz`), then run `brew install --build-from-source` and
# `brew test higlint`.
class Higlint < Formula
  desc "Checks SwiftUI code against Apple's Human Interface Guidelines for content views"
  homepage "https://github.com/OWNER/HIGLint"
  url "https://github.com/OWNER/HIGLint/archive/refs/tags/0.3.0.tar.gz"
  sha256 "0000000000000000000000000000000000000000000000000000000000000000"
  head "https://github.com/OWNER/HIGLint.git", branch: "main"

  depends_on xcode: ["16.0", :build]
  depends_on :macos

  def install
    # The swift-syntax package, compiled into the binary: parses far faster than the toolchain's copy, and the
    # installed binary does not depend on where Xcode is. It needs the network while building.
    ENV["HIGLINT_SWIFT_SYNTAX"] = "package"
    system "swift", "build", "--disable-sandbox", "-c", "release", "--product", "higlint"
    system "Scripts/install", "--prefix", prefix, "--binary", ".build/release/higlint"
  end

  test do
    (testpath/"A.swift").write <<~SWIFT
      struct A: View {
          var body: some View {
              Text("Total").font(.system(size: 13))
          }
      }
    SWIFT
    assert_equal "higlint #{version}", shell_output("#{bin}/higlint --version").strip
    assert_match "[fixed-font-size]", shell_output("#{bin}/higlint #{testpath} --quiet --no-cache", 1)
  end
end
