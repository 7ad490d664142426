// The only file in InputDevices that calls C: libevdev, libudev and the few
// libc functions the hardware layer needs (open/close/read/write/poll/pipe,
// termios, sigaction, clock_gettime). Every other file goes through these
// `system_*` shims, so a reviewer can see the whole C surface in one place,
// and a future test seam (swift-system's `Mocking.swift`) has one home.
//
// Rules kept here: raw return values are passed through unchanged; turning
// `-1`/`-errno` into typed errors happens in `valueOrErrno` (Errno.swift).
import CLibevdev
import CLibudev
import Glibc
import Synchronization

// MARK: - libc

@inline(__always) func system_errno() -> Int32 { errno }
@inline(__always) func system_open(_ path: String, _ flags: Int32) -> Int32 { open(path, flags) }
@inline(__always) func system_close(_ fd: Int32) -> Int32 { close(fd) }
@inline(__always) func system_read(_ fd: Int32, _ buf: UnsafeMutableRawPointer?, _ n: Int) -> Int { read(fd, buf, n) }
@inline(__always) func system_write(_ fd: Int32, _ buf: UnsafeRawPointer?, _ n: Int) -> Int { write(fd, buf, n) }
@inline(__always) func system_poll(_ fds: UnsafeMutablePointer<pollfd>, _ n: Int, _ timeoutMs: Int32) -> Int32 {
    poll(fds, nfds_t(n), timeoutMs)
}
/// A non-blocking, close-on-exec pipe. The corresponding C functions are `pipe` and `fcntl`.
func system_pipe_nonblocking(_ fds: UnsafeMutablePointer<Int32>) -> Int32 {
    guard pipe(fds) == 0 else { return -1 }
    for i in 0..<2 {
        _ = fcntl(fds[i], F_SETFL, fcntl(fds[i], F_GETFL) | O_NONBLOCK)
        _ = fcntl(fds[i], F_SETFD, FD_CLOEXEC)
    }
    return 0
}
@inline(__always) func system_isatty(_ fd: Int32) -> Int32 { isatty(fd) }
@inline(__always) func system_tcgetattr(_ fd: Int32, _ t: UnsafeMutablePointer<termios>) -> Int32 { tcgetattr(fd, t) }
@inline(__always) func system_tcsetattr(_ fd: Int32, _ action: Int32, _ t: UnsafePointer<termios>) -> Int32 {
    tcsetattr(fd, action, t)
}
@inline(__always) func system_cfmakeraw(_ t: UnsafeMutablePointer<termios>) { cfmakeraw(t) }
@inline(__always) func system_sigaction(_ sig: Int32, _ act: UnsafePointer<sigaction>?, _ old: UnsafeMutablePointer<sigaction>?) -> Int32 {
    sigaction(sig, act, old)
}
@inline(__always) func system_strerror(_ code: Int32) -> String { String(cString: strerror(code)) }
@inline(__always) func system_getenv(_ name: String) -> String? { getenv(name).map { String(cString: $0) } }
@inline(__always) func system_access(_ path: String, _ mode: Int32) -> Int32 { access(path, mode) }

/// CLOCK_MONOTONIC now, in microseconds. The corresponding C function is `clock_gettime`.
func system_monotonicMicroseconds() -> Int64 { system_clockMicroseconds(CLOCK_MONOTONIC) }

/// CLOCK_REALTIME now, in microseconds (the clock evdev stamps events with
/// unless asked for another). The corresponding C function is `clock_gettime`.
func system_realtimeMicroseconds() -> Int64 { system_clockMicroseconds(CLOCK_REALTIME) }

private func system_clockMicroseconds(_ clock: clockid_t) -> Int64 {
    var ts = timespec()
    _ = clock_gettime(clock, &ts)
    return Int64(ts.tv_sec) * 1_000_000 + Int64(ts.tv_nsec) / 1_000
}

// MARK: - libevdev

@inline(__always) func system_libevdev_new_from_fd(_ fd: Int32, _ dev: UnsafeMutablePointer<OpaquePointer?>) -> Int32 {
    libevdev_new_from_fd(fd, dev)
}
@inline(__always) func system_libevdev_free(_ dev: OpaquePointer) { libevdev_free(dev) }
@inline(__always) func system_libevdev_get_name(_ dev: OpaquePointer) -> String { libevdev_get_name(dev).map { String(cString: $0) } ?? "" }
@inline(__always) func system_libevdev_get_phys(_ dev: OpaquePointer) -> String? { libevdev_get_phys(dev).map { String(cString: $0) } }
@inline(__always) func system_libevdev_get_uniq(_ dev: OpaquePointer) -> String? { libevdev_get_uniq(dev).map { String(cString: $0) } }
@inline(__always) func system_libevdev_get_id_bustype(_ dev: OpaquePointer) -> Int32 { libevdev_get_id_bustype(dev) }
@inline(__always) func system_libevdev_get_id_vendor(_ dev: OpaquePointer) -> Int32 { libevdev_get_id_vendor(dev) }
@inline(__always) func system_libevdev_get_id_product(_ dev: OpaquePointer) -> Int32 { libevdev_get_id_product(dev) }
@inline(__always) func system_libevdev_get_id_version(_ dev: OpaquePointer) -> Int32 { libevdev_get_id_version(dev) }
@inline(__always) func system_libevdev_has_event_type(_ dev: OpaquePointer, _ type: UInt32) -> Bool { libevdev_has_event_type(dev, type) == 1 }
@inline(__always) func system_libevdev_has_event_code(_ dev: OpaquePointer, _ type: UInt32, _ code: UInt32) -> Bool {
    libevdev_has_event_code(dev, type, code) == 1
}
@inline(__always) func system_libevdev_get_abs_info(_ dev: OpaquePointer, _ code: UInt32) -> input_absinfo? {
    libevdev_get_abs_info(dev, code)?.pointee
}
@inline(__always) func system_libevdev_get_event_value(_ dev: OpaquePointer, _ type: UInt32, _ code: UInt32) -> Int32 {
    libevdev_get_event_value(dev, type, code)
}
@inline(__always) func system_libevdev_next_event(_ dev: OpaquePointer, _ flags: UInt32, _ ev: UnsafeMutablePointer<input_event>) -> Int32 {
    libevdev_next_event(dev, flags, ev)
}
@inline(__always) func system_libevdev_grab(_ dev: OpaquePointer, _ grab: Bool) -> Int32 {
    libevdev_grab(dev, grab ? LIBEVDEV_GRAB : LIBEVDEV_UNGRAB)
}
@inline(__always) func system_libevdev_set_clock_id(_ dev: OpaquePointer, _ clock: Int32) -> Int32 { libevdev_set_clock_id(dev, clock) }
@inline(__always) func system_libevdev_event_type_get_name(_ type: UInt32) -> String? {
    libevdev_event_type_get_name(type).map { String(cString: $0) }
}
@inline(__always) func system_libevdev_event_code_get_name(_ type: UInt32, _ code: UInt32) -> String? {
    libevdev_event_code_get_name(type, code).map { String(cString: $0) }
}
@inline(__always) func system_libevdev_event_type_from_name(_ name: String) -> Int32 { libevdev_event_type_from_name(name) }
@inline(__always) func system_libevdev_event_code_from_name(_ type: UInt32, _ name: String) -> Int32 {
    libevdev_event_code_from_name(type, name)
}
@inline(__always) func system_libevdev_event_type_get_max(_ type: UInt32) -> Int32 { libevdev_event_type_get_max(type) }

// MARK: - libudev

@inline(__always) func system_udev_new() -> OpaquePointer? { udev_new() }
@inline(__always) func system_udev_unref(_ u: OpaquePointer) { _ = udev_unref(u) }
@inline(__always) func system_udev_enumerate_new(_ u: OpaquePointer) -> OpaquePointer? { udev_enumerate_new(u) }
@inline(__always) func system_udev_enumerate_unref(_ e: OpaquePointer) { _ = udev_enumerate_unref(e) }
@inline(__always) func system_udev_enumerate_add_match_subsystem(_ e: OpaquePointer, _ s: String) -> Int32 {
    udev_enumerate_add_match_subsystem(e, s)
}
@inline(__always) func system_udev_enumerate_scan_devices(_ e: OpaquePointer) -> Int32 { udev_enumerate_scan_devices(e) }
/// The syspaths an enumeration found. The corresponding C functions are `udev_enumerate_get_list_entry` and `udev_list_entry_get_next`.
func system_udev_enumerate_syspaths(_ e: OpaquePointer) -> [String] {
    var out: [String] = []
    var entry = udev_enumerate_get_list_entry(e)
    while let current = entry {
        if let name = udev_list_entry_get_name(current) { out.append(String(cString: name)) }
        entry = udev_list_entry_get_next(current)
    }
    return out
}
@inline(__always) func system_udev_device_new_from_syspath(_ u: OpaquePointer, _ path: String) -> OpaquePointer? {
    udev_device_new_from_syspath(u, path)
}
@inline(__always) func system_udev_device_unref(_ d: OpaquePointer) { _ = udev_device_unref(d) }
@inline(__always) func system_udev_device_get_syspath(_ d: OpaquePointer) -> String? { udev_device_get_syspath(d).map { String(cString: $0) } }
@inline(__always) func system_udev_device_get_sysname(_ d: OpaquePointer) -> String? { udev_device_get_sysname(d).map { String(cString: $0) } }
@inline(__always) func system_udev_device_get_devnode(_ d: OpaquePointer) -> String? { udev_device_get_devnode(d).map { String(cString: $0) } }
@inline(__always) func system_udev_device_get_action(_ d: OpaquePointer) -> String? { udev_device_get_action(d).map { String(cString: $0) } }
@inline(__always) func system_udev_device_get_property_value(_ d: OpaquePointer, _ key: String) -> String? {
    udev_device_get_property_value(d, key).map { String(cString: $0) }
}
@inline(__always) func system_udev_device_get_sysattr_value(_ d: OpaquePointer, _ key: String) -> String? {
    udev_device_get_sysattr_value(d, key).map { String(cString: $0) }
}
/// All properties of a device. The corresponding C functions are `udev_device_get_properties_list_entry`, `udev_list_entry_get_name` and `udev_list_entry_get_value`.
func system_udev_device_properties(_ d: OpaquePointer) -> [String: String] {
    var out: [String: String] = [:]
    var entry = udev_device_get_properties_list_entry(d)
    while let current = entry {
        if let name = udev_list_entry_get_name(current) {
            out[String(cString: name)] = udev_list_entry_get_value(current).map { String(cString: $0) } ?? ""
        }
        entry = udev_list_entry_get_next(current)
    }
    return out
}
/// The parent in subsystem `input` (borrowed: owned by the child). The corresponding C function is `udev_device_get_parent_with_subsystem_devtype`.
@inline(__always) func system_udev_device_get_input_parent(_ d: OpaquePointer) -> OpaquePointer? {
    udev_device_get_parent_with_subsystem_devtype(d, "input", nil)
}
@inline(__always) func system_udev_monitor_new_from_netlink(_ u: OpaquePointer, _ name: String) -> OpaquePointer? {
    udev_monitor_new_from_netlink(u, name)
}
@inline(__always) func system_udev_monitor_unref(_ m: OpaquePointer) { _ = udev_monitor_unref(m) }
@inline(__always) func system_udev_monitor_filter_add_match_subsystem_devtype(_ m: OpaquePointer, _ s: String) -> Int32 {
    udev_monitor_filter_add_match_subsystem_devtype(m, s, nil)
}
@inline(__always) func system_udev_monitor_enable_receiving(_ m: OpaquePointer) -> Int32 { udev_monitor_enable_receiving(m) }
@inline(__always) func system_udev_monitor_get_fd(_ m: OpaquePointer) -> Int32 { udev_monitor_get_fd(m) }
@inline(__always) func system_udev_monitor_receive_device(_ m: OpaquePointer) -> OpaquePointer? { udev_monitor_receive_device(m) }

// MARK: - Terminal and signals

/// Saved terminal settings, restored by `system_terminal_restore`.
struct SavedTerminal { var settings: termios }

/// Puts `fd` into raw mode (no echo, no line buffering, no signals from ^C;
/// output post-processing kept so `\n` still returns the carriage) and returns
/// the previous settings. The corresponding C functions are `tcgetattr`, `cfmakeraw` and `tcsetattr`.
func system_terminal_makeRaw(_ fd: Int32) throws(Errno) -> SavedTerminal {
    var old = termios()
    _ = try valueOrErrno { system_tcgetattr(fd, &old) }
    var raw = old
    system_cfmakeraw(&raw)
    raw.c_oflag |= tcflag_t(OPOST | ONLCR)
    _ = try valueOrErrno { system_tcsetattr(fd, TCSAFLUSH, &raw) }
    return SavedTerminal(settings: old)
}

/// Restores settings saved by `system_terminal_makeRaw`. The corresponding C function is `tcsetattr`.
func system_terminal_restore(_ fd: Int32, _ saved: SavedTerminal) {
    var s = saved.settings
    _ = system_tcsetattr(fd, TCSAFLUSH, &s)
}

// MARK: - Terminal guard

/// The terminal a crash must restore (-1: none), and its saved settings.
/// Globals because a C signal handler and an `atexit` function cannot
/// capture context; the descriptor is atomic, the settings are written
/// before it is published and only read after.
private let guardedTerminalFD = Atomic<Int32>(-1)
nonisolated(unsafe) private let guardedTerminalSettings = UnsafeMutablePointer<termios>.allocate(capacity: 1)
private let terminalGuardInstalled = Atomic<Bool>(false)

/// The signals a crash or a kill raises whose default action ends the
/// process without running Swift code: a trap (`SIGILL`, `SIGTRAP`),
/// `SIGABRT`, a bad access (`SIGSEGV`, `SIGBUS`), `SIGFPE`, and `SIGQUIT`.
let system_fatalSignals: [Int32] = [SIGILL, SIGTRAP, SIGABRT, SIGSEGV, SIGBUS, SIGFPE, SIGQUIT]   // 7: see the handler

/// The dispositions the guard replaced, one per fatal signal, restored by
/// its handler before the signal goes on (so a backtracer installed before
/// still reports the crash).
nonisolated(unsafe) private let savedFatalActions = UnsafeMutablePointer<sigaction>.allocate(capacity: 32)
nonisolated(unsafe) private let savedFatalSignals = UnsafeMutablePointer<Int32>.allocate(capacity: 32)

/// Puts the guarded terminal back (async-signal-safe: one `tcsetattr`).
private func system_terminal_restoreGuarded() {
    let fd = guardedTerminalFD.load(ordering: .sequentiallyConsistent)
    if fd >= 0 { _ = tcsetattr(fd, TCSANOW, guardedTerminalSettings) }
}

/// Makes sure `saved` is restored on `fd` however the process ends: at
/// `exit` (an `atexit` function) and on a fatal signal (a handler that
/// restores, then dies of the signal with its default action). Handlers
/// and the `atexit` function are installed once per process; `system_terminal_unguard`
/// disarms them. The corresponding C functions are `atexit`, `sigaction`,
/// `tcsetattr` and `raise`.
func system_terminal_guard(_ fd: Int32, _ saved: SavedTerminal) {
    guardedTerminalSettings.pointee = saved.settings
    guardedTerminalFD.store(fd, ordering: .sequentiallyConsistent)
    system_signal_unblock(system_fatalSignals)
    guard terminalGuardInstalled.compareExchange(expected: false, desired: true, ordering: .sequentiallyConsistent).exchanged else { return }
    _ = atexit { system_terminal_restoreGuarded() }
    for (k, s) in system_fatalSignals.enumerated() {
        savedFatalSignals[k] = s
        var action = sigaction()
        action.__sigaction_handler.sa_handler = { sig in
            system_terminal_restoreGuarded()
            // Hand the signal on to what was there before (by default: end the process).
            for k in 0..<7 where savedFatalSignals[k] == sig { _ = sigaction(sig, savedFatalActions + k, nil) }
            _ = raise(sig)
        }
        sigemptyset(&action.sa_mask)
        action.sa_flags = 0
        _ = sigaction(s, &action, savedFatalActions + k)
    }
}

/// Disarms `system_terminal_guard` (the terminal was restored the normal way).
func system_terminal_unguard() {
    guardedTerminalFD.store(-1, ordering: .sequentiallyConsistent)
}

/// Runs what a fatal signal's handler runs first, without the signal: for
/// tests of the guard. The corresponding C function is `tcsetattr`.
func system_terminal_restoreGuardedForTesting() { system_terminal_restoreGuarded() }

/// Saved signal disposition, restored by `system_signal_restore`.
struct SavedSignal { var signal: Int32; var action: sigaction }

/// Installs a plain C handler for `signal` (SA_RESTART off so poll returns
/// EINTR) and returns the previous disposition. The corresponding C function is `sigaction`.
func system_signal_install(_ signal: Int32, _ handler: @convention(c) (Int32) -> Void) -> SavedSignal {
    var action = sigaction()
    action.__sigaction_handler.sa_handler = handler
    sigemptyset(&action.sa_mask)
    action.sa_flags = 0
    var old = sigaction()
    _ = system_sigaction(signal, &action, &old)
    return SavedSignal(signal: signal, action: old)
}

/// Unblocks `signals` on the calling thread: a process may be started with
/// them blocked (the mask is inherited), and then they would never arrive.
/// The corresponding C function is `pthread_sigmask`.
func system_signal_unblock(_ signals: [Int32]) {
    var set = sigset_t()
    sigemptyset(&set)
    for s in signals { sigaddset(&set, s) }
    _ = pthread_sigmask(SIG_UNBLOCK, &set, nil)
}

/// Puts back a saved disposition. The corresponding C function is `sigaction`.
func system_signal_restore(_ saved: SavedSignal) {
    var a = saved.action
    _ = system_sigaction(saved.signal, &a, nil)
}

/// Polls `fds` for `POLLIN`; returns the readable ones (an fd with
/// POLLERR/POLLHUP/POLLNVAL counts as readable so its owner sees the error).
/// `timeoutMilliseconds` < 0 waits forever. EINTR returns an empty set.
/// The corresponding C function is `poll`.
func system_pollReadable(_ fds: [Int32], timeoutMilliseconds: Int32) throws(Errno) -> Set<Int32> {
    var pfds = fds.map { pollfd(fd: $0, events: Int16(POLLIN), revents: 0) }
    let rc = pfds.withUnsafeMutableBufferPointer { system_poll($0.baseAddress!, $0.count, timeoutMilliseconds) }
    if rc < 0 {
        let e = Errno.current
        if e == .interrupted { return [] }
        throw e
    }
    return Set(pfds.filter { $0.revents != 0 }.map(\.fd))
}
