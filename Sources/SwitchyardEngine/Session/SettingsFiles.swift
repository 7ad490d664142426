import Diagnostics

/// The settings files a session is given, each read once, by the technology
/// whose settings it holds: the one reader of settings files for the
/// command line (`live`, `replay`), scenarios, `bench` and `tune`.
///
/// A file is either for a technology the caller names (a scenario's
/// `settings voice PATH`, `--keyboard-bindings`, `bench --technology`), or
/// is told by its setting names: the active technology that has them. Each
/// technology has one settings file at most.
public struct SettingsFiles: Sendable {
    /// The technologies the session runs, in routing order.
    public let technologies: [Technology]
    /// How the user adds a technology to the session, for messages (`add --technology keyboard`).
    let howToAdd: @Sendable (Technology) -> String
    /// The settings read so far, by technology.
    private var loaded: [Technology: TechnologySettings] = [:]
    /// The file given for each technology so far, read or not: a second is refused.
    private var given: [Technology: String] = [:]

    /// - Parameters:
    ///   - technologies: the technologies the session runs.
    ///   - howToAdd: how the user adds a technology to the session, for a
    ///     file whose setting names belong to one it does not run.
    public init(for technologies: [Technology], howToAdd: @escaping @Sendable (Technology) -> String) {
        self.technologies = technologies
        self.howToAdd = howToAdd
    }

    /// Reads the settings file at `path`.
    /// - Parameters:
    ///   - path: the file, as the user named it (and as messages name it).
    ///   - technology: whose settings it holds; nil: the active technology
    ///     whose setting names it has (the first active one when it names
    ///     none, whose reader says what is wrong).
    /// - Returns: the settings, of the technology they are for.
    /// - Throws: `SettingsFileError`: the file cannot be read, is not a
    ///   settings file of that technology, or is its second.
    @discardableResult
    public mutating func load(_ path: String, for technology: Technology? = nil) throws(SettingsFileError) -> TechnologySettings {
        let fallback = technology ?? technologies.first ?? Technology.allCases[0]
        if let technology { try claim(path, for: technology) }
        let bytes: [UInt8]
        do { bytes = try InputFile.read(path) } catch { throw .cannotRead(file: path, reason: error.description) }
        let document: SettingsDocument
        do {
            document = try SettingsDocument(json: bytes, file: path, technology: fallback)
        } catch {
            if technology == nil { try claim(path, for: fallback) }
            throw .invalid(error)
        }
        var owner = fallback
        if technology == nil {
            if let named = try self.owner(of: document) { owner = named }
            try claim(path, for: owner)
        }
        let settings: TechnologySettings
        do { settings = try TechnologySettings.load(owner, document) } catch { throw .invalid(error) }
        loaded[owner] = settings
        return settings
    }

    /// The settings read for `technology`; nil when no file was.
    public func settings(of technology: Technology) -> TechnologySettings? {
        loaded[technology]
    }

    /// The session's technologies with their settings: each one's file's,
    /// else those `base` gives it, else its defaults.
    /// - Parameter base: settings to use for a technology without a file.
    public func configuration(base: [TechnologySettings] = []) -> [TechnologySettings] {
        technologies.map { t in
            loaded[t] ?? base.first { $0.technology == t } ?? t.defaults
        }
    }

    /// Takes `path` as `technology`'s settings file, refusing a second one.
    mutating func claim(_ path: String, for technology: Technology) throws(SettingsFileError) {
        if let first = given[technology] {
            throw .secondFile(file: path, technology: technology, first: first)
        }
        given[technology] = path
    }

    /// The active technology whose setting names the file holds; nil when it
    /// names none of any technology's.
    /// - Throws: `SettingsFileError` at the first name of a technology not
    ///   active, or at a name of a second technology.
    func owner(of document: SettingsDocument) throws(SettingsFileError) -> Technology? {
        var owner: (technology: Technology, name: String, line: Int)?
        for key in document.keys {
            guard let t = Technology.owner(ofSetting: key.name) else { continue }
            guard technologies.contains(t) else {
                throw .notActive(setting: key.name, technology: t, active: technologies, hint: howToAdd(t), at: key.keyLocation)
            }
            if let owner, owner.technology != t {
                throw .secondTechnology(setting: key.name, technology: t, first: owner.name, firstTechnology: owner.technology,
                                        firstLine: owner.line, at: key.keyLocation)
            }
            owner = owner ?? (t, key.name, key.keyLocation.line ?? 0)
        }
        return owner?.technology
    }
}

/// A settings file a session cannot use (`SettingsFiles.load`).
public enum SettingsFileError: DiagnosticError, Hashable, Sendable {
    /// The file cannot be read; `reason` is `InputFile`'s ("no such file").
    case cannotRead(file: String, reason: String)
    /// The file is not JSON, or its technology's reader refuses a name or value.
    case invalid(SettingsError)
    /// A technology's second settings file.
    case secondFile(file: String, technology: Technology, first: String)
    /// A setting of a technology the session does not run; `hint` says how to add it.
    case notActive(setting: String, technology: Technology, active: [Technology], hint: String, at: SourceLocation)
    /// Settings of two technologies in one file.
    case secondTechnology(setting: String, technology: Technology, first: String, firstTechnology: Technology, firstLine: Int, at: SourceLocation)

    public var diagnostics: [Diagnostic] {
        switch self {
        case .cannotRead(let file, let reason):
            return [Diagnostic(.error, "cannot read the settings file: \(reason)", at: SourceLocation(file: file))]
        case .invalid(let error):
            return error.diagnostics
        case .secondFile(let file, let t, let first):
            return [Diagnostic(.error, "a second \(t) settings file (the first is '\(first)'); give one settings file per technology", at: SourceLocation(file: file))]
        case .notActive(let name, let t, let active, let hint, let at):
            return [Diagnostic(.error, "'\(name)' is a \(t) setting, but the session runs " + active.map(\.description).joined(separator: " and ")
                               + "; \(hint), or give this file to a session that runs it", at: at)]
        case .secondTechnology(let name, let t, let first, let firstTechnology, let firstLine, let at):
            return [Diagnostic(.error, "'\(name)' is a \(t) setting, but '\(first)' (line \(firstLine)) is a \(firstTechnology) one; "
                               + "give each technology its own settings file", at: at)]
        }
    }
}
