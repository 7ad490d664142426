import CLibFuzzer
import Foundation
import SwitchyardEngine

/// The running target's input handler; libFuzzer calls back through a C
/// function pointer, which cannot capture it. The targets are single-threaded.
nonisolated(unsafe) private var handler: ([UInt8]) -> Void = { _ in }

/// Runs libFuzzer over this process's command line (corpus directories,
/// `-runs=`, `-dict=`, …), calling `body` once per input. A target's
/// `main.swift` is this one call: SwiftPM makes the file's top-level code
/// the executable's `main`, and `-sanitize=fuzzer` links libFuzzer, whose
/// own `main` is then not used.
/// - Returns: libFuzzer's exit status.
public func fuzzMain(_ body: @escaping ([UInt8]) -> Void) -> Int32 {
    handler = body
    var argc = CommandLine.argc
    var argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>? = CommandLine.unsafeArgv
    return LLVMFuzzerRunDriver(&argc, &argv) { data, size in
        handler(data.map { Array(UnsafeBufferPointer(start: $0, count: size)) } ?? [])
        return 0
    }
}

/// Stops the run when an invariant does not hold: libFuzzer reports the trap
/// as a crash and saves the input (`crash-…`).
public func invariant(_ condition: @autoclosure () -> Bool, _ message: @autoclosure () -> String,
                      file: StaticString = #fileID, line: UInt = #line) {
    if !condition() { fatalError("invariant broken: \(message())", file: file, line: line) }
}

/// The engine invariants every run must keep (docs/fuzzing.md):
/// - events come in time order, none before `start` or after `end`;
/// - no `bug` event (a state machine met a case it does not expect); an
///   app model's effect that cannot be carried out is an `appModelError`.
/// - Parameters:
///   - events: everything the session emitted, in emission order.
///   - start: the session's start instant.
///   - end: the session's last instant.
public func checkTimeline(_ events: [TimedEvent], from start: Instant, to end: Instant) {
    var last = start
    for e in events {
        invariant(e.time >= last, "time went backwards: \(e) after \(last)")
        last = e.time
        if case .bug(let message) = e.event { invariant(false, "bug event at \(e.time): \(message)") }
    }
    invariant(last <= end, "an event at \(last) is after the end \(end)")
}

/// Renders a thrown error the way the tool prints it, so that the
/// diagnostics' text (locations, quoting) is exercised on every bad input.
public func render(_ error: any Error) {
    let text = String(describing: error)
    invariant(!text.isEmpty, "an error rendered as empty text")
}
