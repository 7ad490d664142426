import Foundation
import PackagePlugin

/// `swift package audit-screens [--target NAME]… [--fail-on error|warning]
/// [audit options]`: runs `switchyard audit` on the package it is invoked
/// in and prints its findings one per line in the compiler's diagnostic
/// shape, which editors and CI logs pick up
/// (`Examples/apps/app.json:14:9: warning: menu/root/children[1]: … [rule-id]`;
/// a capture without lines names its file and element path). Paths are
/// relative to the package, or absolute for the targets named.
///
/// It searches the source folders of the targets named, or else the whole
/// package, for screen models by `switchyard scan-report`'s rule (docs/scan-bench.md,
/// "Reports for a whole package"; hidden folders such as `.build`, nested
/// packages and, unless named, test targets are skipped). It reports and
/// does not fail: `--fail-on never` is passed unless you pass `--fail-on`,
/// so a package that keeps a deliberately failing example still builds;
/// with `--fail-on error` (or `warning`) a finding at or above that
/// severity makes the command fail. It always fails when an app cannot be
/// read. Every other option (`--budget`, `--format`) goes to
/// `switchyard audit` as is.
@main
struct AuditScreens: CommandPlugin {
    func performCommand(context: PluginContext, arguments: [String]) async throws {
        var extractor = ArgumentExtractor(arguments)
        let targetNames = extractor.extractOption(named: "target")
        let failOn = extractor.extractOption(named: "fail-on").last ?? "never"
        let rest = extractor.remainingArguments

        // The targets' folders; else the whole package but its test
        // targets, whose fixtures are inputs for tests, not app screens.
        func folder(_ t: any Target) -> String? {
            ((t as? SwiftSourceModuleTarget)?.directoryURL ?? (t as? ClangSourceModuleTarget)?.directoryURL
                ?? (t as? SystemLibraryTarget)?.directoryURL)?.path
        }
        let named = try context.package.targets(named: targetNames)
        let folders = named.isEmpty ? ["."] : named.compactMap(folder)
        let skipped = named.isEmpty ? context.package.targets.filter { ($0 as? SourceModuleTarget)?.kind == .test }.compactMap(folder) : []

        let tool = try context.tool(named: "switchyard")
        let process = Process()
        process.executableURL = tool.url
        process.arguments = ["audit"] + folders + skipped.flatMap { ["--skip", $0] } + ["--fail-on", failOn] + rest
        process.currentDirectoryURL = context.package.directoryURL
        try process.run()
        process.waitUntilExit()
        if process.terminationStatus != 0 {
            throw AuditFailed(status: process.terminationStatus, failOn: failOn)
        }
    }
}

/// `switchyard audit` found what `--fail-on` fails on (status 1), or could
/// not read an app (2); its own lines say what.
struct AuditFailed: Error, CustomStringConvertible {
    var status: Int32
    var failOn: String
    var description: String {
        status == 1 ? "switchyard audit found problems at or above --fail-on \(failOn)"
                    : "switchyard audit exited with status \(status)"
    }
}
