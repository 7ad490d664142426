import Foundation
import Diagnostics

/// Turns SVG into PNG with `rsvg-convert` (librsvg's command-line tool,
/// Debian package `librsvg2-bin`), found on the `PATH`.
public enum SVGRasterizer {
    /// The Debian package that provides `rsvg-convert`.
    public static let package = "librsvg2-bin"

    // MARK: - API

    /// The PNG rendering of `svg`, made by `rsvg-convert` (Debian `librsvg2-bin`).
    /// - Parameters:
    ///   - svg: the SVG document.
    ///   - path: the PNG file it is for (named in errors; the caller writes it).
    ///   - searchPath: the directories to look for `rsvg-convert` in,
    ///     `:`-separated; the `PATH` environment variable by default.
    /// - Returns: the PNG's bytes.
    /// - Throws: `PictureError.rendererMissing` when `rsvg-convert` is not
    ///   installed, `.renderFailed` when it fails.
    public static func png(_ svg: String, for path: String, searchPath: String? = nil) throws(PictureError) -> [UInt8] {
        guard let tool = find("rsvg-convert", in: searchPath ?? ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin") else {
            throw .rendererMissing(file: path)
        }
        let p = Process()
        p.executableURL = URL(fileURLWithPath: tool)
        p.arguments = ["--format", "png"]
        let input = Pipe()
        let output = Pipe()
        let errors = Pipe()
        p.standardInput = input
        p.standardOutput = output
        p.standardError = errors
        do {
            try p.run()
        } catch {
            throw .renderFailed(file: path, message: "cannot start \(tool): \(error.localizedDescription)")
        }
        // The SVG goes in on another thread, so that a large PNG coming out
        // cannot stall the pipe the SVG is still being written to.
        let feeder = Thread {
            input.fileHandleForWriting.write(Data(svg.utf8))
            try? input.fileHandleForWriting.close()
        }
        feeder.start()
        let bytes = [UInt8](output.fileHandleForReading.readDataToEndOfFile())
        let message = String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        p.waitUntilExit()
        guard p.terminationStatus == 0 else {
            let detail = message.split(separator: "\n").first.map(String.init) ?? "exit status \(p.terminationStatus)"
            throw .renderFailed(file: path, message: "rsvg-convert failed: \(detail)")
        }
        return bytes
    }

    /// Renders `svg` and writes the PNG to `path` (tests and simple callers;
    /// the CLI writes through its output files).
    public static func writePNG(_ svg: String, to path: String, searchPath: String? = nil) throws(PictureError) {
        let bytes = try png(svg, for: path, searchPath: searchPath)
        guard FileManager.default.createFile(atPath: path, contents: Data(bytes)) else {
            throw .renderFailed(file: path, message: "cannot write the PNG")
        }
    }

    /// The executable `name` in the first directory of `searchPath` that has it.
    static func find(_ name: String, in searchPath: String) -> String? {
        for dir in searchPath.split(separator: ":") where !dir.isEmpty {
            let candidate = String(dir) + "/" + name
            if FileManager.default.isExecutableFile(atPath: candidate) { return candidate }
        }
        return nil
    }
}

/// A picture that cannot be written.
public enum PictureError: DiagnosticError, Equatable {
    /// `rsvg-convert` is not installed; `file` is the PNG that was asked for.
    case rendererMissing(file: String)
    /// `rsvg-convert` ran and failed, or could not start.
    case renderFailed(file: String, message: String)
    /// The file cannot be written.
    case cannotWrite(file: String)

    public var diagnostics: [Diagnostic] {
        switch self {
        case .rendererMissing(let file):
            return [Diagnostic(.error, "cannot write a PNG: rsvg-convert is not installed; install the Debian package \(SVGRasterizer.package) (sudo apt-get install \(SVGRasterizer.package)), or write SVG with --svg", at: SourceLocation(file: file))]
        case .renderFailed(let file, let message):
            return [Diagnostic(.error, message, at: SourceLocation(file: file))]
        case .cannotWrite(let file):
            return [Diagnostic(.error, "cannot write the file", at: SourceLocation(file: file))]
        }
    }
}
