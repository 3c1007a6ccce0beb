import Foundation
import HIGLintCore
import HIGLintProject

/// `higlint project [PATH] [--format text|json]`: what HIGLint reads from the projects around PATH.
func runProject(path: String, json: Bool, listsFiles: Bool = false) -> Int32 {
    guard FileManager.default.fileExists(atPath: path) else {
        writeErrorLine("higlint: error: no such file or folder: \(path)")
        return 2
    }
    // As `lint` reads them by default: each project file within a file's time limit, on a large stack.
    let facts = ProjectFacts.read(for: [path], reading: .bounded(by: 60))
    let summaries = facts.summaries()
    if json {
        struct Report: Encodable {
            var projects: [ProjectSummary]
            var warnings: [String]
        }
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        let data = (try? encoder.encode(Report(projects: summaries, warnings: facts.warnings.map(\.description)))) ?? Data()
        writeOutput(String(decoding: data, as: UTF8.self) + "\n")
    } else {
        writeOutput(projectText(summaries))
    }
    if listsFiles {
        // Every Swift file in the projects' folders: the targets that build it, or why it is passed over.
        for file in facts.swiftFilesInProjects() {
            let fileFacts = facts.facts(forFile: file)
            let targets = fileFacts.targets.isEmpty ? "no target" : fileFacts.targets.joined(separator: ", ")
            writeOutput(TerminalText.escaped("\(file): \(targets)" + (fileFacts.passOverReason.map { "; passed over: \($0.rawValue)" } ?? "")) + "\n")
        }
    }
    for warning in facts.warnings { writeErrorLine("\(warning)") }
    return 0
}

func projectText(_ summaries: [ProjectSummary]) -> String {
    guard !summaries.isEmpty else {
        return "No Xcode project, workspace, package, Tuist or XcodeGen spec found: files are linted by folder conventions.\n"
    }
    var text = ""
    for project in summaries {
        text += "\(project.path) (\(project.kind))\n"
        let rows = project.targets.map { target -> [String] in
            let versions = target.platforms.map { platform in
                let named = target.deploymentTargets[platform].map { "\(platform) \($0)" } ?? platform
                return platform == "iOS" && target.phoneOnly == true ? named + " (iPhone only)" : named
            }
            let files = target.swiftFiles == 1 ? "1 Swift file" : "\(target.swiftFiles) Swift files"
            return [target.name, target.product, versions.joined(separator: ", "), target.passedOverAs.map { "passed over: \($0)" } ?? "ships", files]
        }
        let widths = (0..<5).map { column in rows.map { $0[column].count }.max() ?? 0 }
        for row in rows {
            text += "  " + row.enumerated().map { column, cell in
                column == row.count - 1 ? cell : cell.padding(toLength: widths[column], withPad: " ", startingAt: 0)
            }.joined(separator: "  ") + "\n"
        }
    }
    return text
}

struct ProjectOptions {
    var paths: [String] = []
    var json = false
    var listsFiles = false
}

let projectCommand = CommandSpec<ProjectOptions>(
    name: "project", usage: "higlint project [PATH] [--format text|json] [--files]",
    summary: "Print what HIGLint reads from the projects around PATH: per target, platforms, deployment targets, shipping.",
    options: [
        Option(["--format"], value: "text|json", help: "Print text (default) or JSON.") { options, format throws(UsageError) in
            guard format == "text" || format == "json" else {
                throw UsageError(message: "unknown format '\(format)' for `project`; expected text or json")
            }
            options.json = format == "json"
        },
        Option(["--files"], help: "Also list the Swift files of each target.") { $0.listsFiles = true },
    ])

/// `project`'s arguments, or its help.
func parseProject(_ arguments: ArraySlice<String>) throws(UsageError) -> Command {
    var options = ProjectOptions()
    guard try projectCommand.parse(arguments, into: &options, path: { $0.paths.append($1) }) else { return .help(projectCommand.help) }
    guard options.paths.count <= 1 else { throw UsageError(message: "usage: \(projectCommand.usage)") }
    return .project(path: options.paths.first ?? ".", json: options.json, listsFiles: options.listsFiles)
}
