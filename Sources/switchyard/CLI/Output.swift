import Foundation

/// Writing to standard output and error without buffering surprises.
enum Output {
    static func out(_ s: String) {
        FileHandle.standardOutput.write(Data(s.utf8))
    }
    static func err(_ s: String) {
        FileHandle.standardError.write(Data((s.hasSuffix("\n") ? s : s + "\n").utf8))
    }
}
