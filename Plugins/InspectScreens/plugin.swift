import Foundation
import PackagePlugin

/// `swift package inspect-screens [FILE…] [-- inspect options]`: runs
/// `switchyard inspect --all-screens` on each screen-model or Appium file
/// (default: every app in Examples/apps), so a change to a screen shows its
/// new navigation order in one command.
@main
struct InspectScreens: CommandPlugin {
    func performCommand(context: PluginContext, arguments: [String]) async throws {
        let tool = try context.tool(named: "switchyard")
        var files = arguments.prefix { $0 != "--" }.map { $0 }
        let extra = arguments.drop { $0 != "--" }.dropFirst().map { $0 }
        if files.isEmpty {
            let apps = context.package.directoryURL.appendingPathComponent("Examples/apps")
            files = try FileManager.default.contentsOfDirectory(atPath: apps.path)
                .filter { $0.hasSuffix(".json") || $0.hasSuffix(".xml") }
                .sorted()
                .map { apps.appendingPathComponent($0).path }
        }
        var failed: [String] = []
        for file in files {
            let process = try Process.run(tool.url, arguments: ["inspect", file, "--all-screens"] + extra)
            process.waitUntilExit()
            if process.terminationStatus != 0 { failed.append(file) }
        }
        if !failed.isEmpty {
            Diagnostics.error("switchyard inspect failed for: \(failed.joined(separator: ", "))")
        }
    }
}
