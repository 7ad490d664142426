import DesktopApps
import Diagnostics
import ScreenModel
import SwitchyardEngine

/// `switchyard apps`: the apps registered on the desktop's accessibility bus
/// (AT-SPI), the names `inspect --atspi` and `live --atspi` take.
struct AppsCommand: Command {
    static let name = "apps"
    static let summary = "list the accessible desktop apps (AT-SPI): name, pid, windows"
    static let usage = """
        usage: switchyard apps [--format text|json]
          Lists the apps registered on the desktop session's accessibility bus (AT-SPI 2):
          each app's name and pid, and its top-level windows (showing, active).
          Give the name or the pid to 'switchyard inspect --atspi' or 'switchyard live --atspi'.
          --format    text (default) or json
          Needs a desktop session (DISPLAY and DBUS_SESSION_BUS_ADDRESS); headless:
          xvfb-run -a dbus-run-session -- switchyard apps (Debian: xvfb, dbus-x11, at-spi2-core)
        """

    var json = false

    init(arguments args: [String]) throws(UsageError) {
        let a = try Arguments(args, command: Self.name, options: ["format"], flags: [])
        guard a.positionals.isEmpty else { throw UsageError(command: Self.name, message: "takes no arguments") }
        json = try a.choice("format", command: Self.name, allowed: ["text", "json"]) == "json"
    }

    /// Exit status 2 when an app is registered but did not answer (it is
    /// listed, and an error says so), 0 otherwise.
    func run() throws(DesktopAppError) -> ExitStatus {
        let reader = try AtspiReader()
        let apps = try reader.apps()
        Output.out(json ? Self.json(apps) : Self.listing(apps, timeout: reader.bus.timeout))
        let silent = apps.filter { !$0.answering }
        guard silent.isEmpty else {
            Output.report(DesktopAppError.notAnswering(named: nil, silent: silent, within: reader.bus.timeout))
            return .unusableInput
        }
        return .success
    }

    /// One line per app (name, pid), then one indented line per window;
    /// names are the apps' own text, shown terminal-safe. An app that did
    /// not answer within `timeout` is listed as such, without windows.
    static func listing(_ apps: [DesktopApp], timeout: Interval) -> String {
        guard !apps.isEmpty else {
            return "No app is registered on the accessibility bus. GTK apps register when they start in this session "
                + "(not with NO_AT_BRIDGE=1); Qt apps need QT_ACCESSIBILITY=1.\n"
        }
        var out = ""
        for a in apps {
            guard a.answering else {
                out += "(did not answer within \(timeout))" + (a.pid.map { "  pid \($0)" } ?? "") + "  bus \(a.bus)\n"
                continue
            }
            let name = a.name.isEmpty ? "(no name)" : a.name
            out += TerminalText.escaped(name, keepNewlines: false) + (a.pid.map { "  pid \($0)" } ?? "") + "  bus \(a.bus)\n"
            if a.windows.isEmpty { out += "    (no windows)\n" }
            for w in a.windows {
                let state = [w.showing ? "showing" : "not showing", w.active ? "active" : nil].compactMap { $0 }.joined(separator: ", ")
                out += "    \(w.role) \"" + TerminalText.escaped(w.title, keepNewlines: false) + "\" (\(state))\n"
            }
        }
        return out
    }

    /// The apps as a JSON array: name, pid, bus, windows (title, role,
    /// showing, active); an app that did not answer has `"name": null`,
    /// `"answering": false` and no windows.
    static func json(_ apps: [DesktopApp]) -> String {
        var w = JSONWriter()
        w.openArray()
        for a in apps {
            w.openObject()
            w.key("name"); if a.answering { w.string(a.name) } else { w.null() }
            if let pid = a.pid { w.key("pid"); w.number(Int64(pid)) }
            w.key("bus"); w.string(a.bus)
            if !a.answering { w.key("answering"); w.bool(false) }
            w.key("windows"); w.openArray()
            for win in a.windows {
                w.openObject(inline: true)
                w.key("title"); w.string(win.title)
                w.key("role"); w.string(win.role)
                w.key("showing"); w.bool(win.showing)
                w.key("active"); w.bool(win.active)
                w.closeObject()
            }
            w.closeArray()
            w.closeObject()
        }
        w.closeArray()
        return w.text + "\n"
    }
}
