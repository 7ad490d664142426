import Diagnostics
import Glibc

/// A pseudo-terminal pair; the slave is what `TerminalKeyboardAdapter` reads.
/// (`posix_openpt` & co. are hidden behind `_XOPEN_SOURCE` in the Glibc module.)
///
/// The slave is opened from the master (`TIOCGPTPEER`, Linux 4.13), not by
/// its `/dev/pts/N` path: under umockdev's preload every `/dev` node opened
/// by path while no testbed exists leaves a socket behind (docs/hardware.md,
/// "Descriptors"). The path is the fallback on older kernels.
public final class PseudoTerminal {
    public let master: Int32
    public let slave: Int32
    public init() throws {
        typealias OpenPT = @convention(c) (Int32) -> Int32
        typealias PTName = @convention(c) (Int32) -> UnsafeMutablePointer<CChar>?
        func function<F>(_ name: String, as: F.Type) throws -> F {
            guard let sym = dlsym(UnsafeMutableRawPointer(bitPattern: 0), name) else { throw Diagnostic(.error, "no \(name) in libc") }
            return unsafeBitCast(sym, to: F.self)
        }
        let openpt = try function("posix_openpt", as: OpenPT.self)
        let grantpt = try function("grantpt", as: OpenPT.self)
        let unlockpt = try function("unlockpt", as: OpenPT.self)
        let ptsname = try function("ptsname", as: PTName.self)
        master = openpt(O_RDWR | O_NOCTTY)
        guard master >= 0, grantpt(master) == 0, unlockpt(master) == 0, let name = ptsname(master) else {
            if master >= 0 { close(master) }
            throw Diagnostic(.error, "no pseudo-terminal available")
        }
        let peer = ioctl(master, Self.getPeer, O_RDWR | O_NOCTTY)
        slave = peer >= 0 ? peer : open(name, O_RDWR | O_NOCTTY)
        guard slave >= 0 else {
            close(master)
            throw Diagnostic(.error, "cannot open the pseudo-terminal", at: SourceLocation(file: String(cString: name)))
        }
    }

    /// `TIOCGPTPEER` (`_IO('T', 0x41)`), which the Glibc module does not show:
    /// opens the slave of a master descriptor.
    private static let getPeer: UInt = 0x5441

    deinit { close(slave); close(master) }

    /// Whether this machine can open a pseudo-terminal (a chroot without
    /// `/dev/pts` mounted cannot); asked once.
    public static let isAvailable: Bool = (try? PseudoTerminal()) != nil

    /// Whether the slave is in canonical (line) mode.
    public var canonical: Bool {
        var t = termios()
        _ = tcgetattr(slave, &t)
        return t.c_lflag & tcflag_t(ICANON) != 0
    }
}
