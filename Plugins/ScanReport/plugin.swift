import Foundation
import PackagePlugin

/// `swift package --allow-writing-to-package-directory scan-report
/// [--target NAME]… [--output DIR] [scan-report options]`: runs `switchyard
/// scan-report` on the package it is invoked in. It searches the source
/// folders of the targets named, or else the whole package, for screen
/// models by the rule of docs/scan-bench.md ("Reports for a whole package":
/// `*.switchyard.json`, JSON that declares the screen-model schema, Appium
/// XML page sources; hidden folders such as `.build`, nested packages and,
/// unless named, test targets are skipped), and
/// writes the reports under `scan-reports/` (or `--output`) in the package.
/// Every other option (`--technology`, `--settings`, `--user`) goes to
/// `switchyard scan-report` as is.
@main
struct ScanReport: CommandPlugin {
    func performCommand(context: PluginContext, arguments: [String]) async throws {
        var extractor = ArgumentExtractor(arguments)
        let targetNames = extractor.extractOption(named: "target")
        let output = extractor.extractOption(named: "output").last ?? "scan-reports"
        let rest = extractor.remainingArguments

        let package = context.package.directoryURL.standardizedFileURL
        func relative(_ target: any Target) -> String {
            let url: URL
            switch target {
            case let t as SwiftSourceModuleTarget: url = t.directoryURL
            case let t as ClangSourceModuleTarget: url = t.directoryURL
            case let t as SystemLibraryTarget: url = t.directoryURL
            default: url = package
            }
            let path = url.standardizedFileURL.path
            return path.hasPrefix(package.path + "/") ? String(path.dropFirst(package.path.count + 1)) : path
        }
        // The targets named; else the whole package but its test targets,
        // whose fixtures are inputs for tests, not app screens.
        var folders = try context.package.targets(named: targetNames).map(relative)
        var skipped: [String] = []
        if folders.isEmpty {
            folders = ["."]
            skipped = context.package.targets
                .filter { ($0 as? SourceModuleTarget)?.kind == .test }
                .map(relative)
        }

        let tool = try context.tool(named: "switchyard")
        let process = Process()
        process.executableURL = tool.url
        process.arguments = ["scan-report"] + folders + ["--output", output] + skipped.flatMap { ["--skip", $0] } + rest
        process.currentDirectoryURL = package
        try process.run()
        process.waitUntilExit()
        if process.terminationStatus != 0 {
            throw ScanReportFailed(status: process.terminationStatus)
        }
    }
}

/// `switchyard scan-report` did not finish cleanly; its own messages say why.
struct ScanReportFailed: Error, CustomStringConvertible {
    var status: Int32
    var description: String { "switchyard scan-report exited with status \(status)" }
}
