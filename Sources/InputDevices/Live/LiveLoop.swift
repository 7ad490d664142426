import Glibc
import SwitchyardEngine

/// Where the live loop delivers inputs: the engine's `Session`, wired by the CLI
/// with a few lines of glue (this module does not depend on `Session`).
///
/// The loop calls, on one thread:
/// - `deliver(_:)` for each input, in time order;
/// - `advance(to:)` when `nextDeadline` has passed (timers: auto scan, hold);
/// - reads `nextDeadline` before each `poll()` to set its timeout, so nothing
///   spins: with no deadline and no input the loop sleeps in `poll()`.
/// Whatever `deliver`/`advance` return goes to the loop's `onOutput` callback
/// (e.g. printing the transcript).
public protocol InputSink: AnyObject {
    associatedtype Output
    /// Handles one input at its instant.
    func deliver(_ input: TimedInput) -> [Output]
    /// The earliest instant at which the sink needs `advance(to:)`, or nil.
    var nextDeadline: Instant? { get }
    /// Runs everything due up to `instant`.
    func advance(to instant: Instant) -> [Output]
}

/// Why the live loop ended.
public enum LiveLoopExit: Hashable, Sendable, CustomStringConvertible {
    case signal(Int32)
    case emergency(EmergencyChord.Trigger)
    /// Every adapter finished (a replay ended), or one whose end ends the
    /// session (`InputAdapter.finishEndsSession`: the terminal quit).
    case adaptersFinished
    public var description: String {
        switch self {
        case .signal(let s): return "stopped by \(Self.signalName(s))"
        case .emergency(let t): return t.description
        case .adaptersFinished: return "input ended"
        }
    }

    /// `SIGINT`, `SIGTERM`, `SIGHUP`, or `signal 14`.
    public static func signalName(_ s: Int32) -> String {
        switch s {
        case SIGINT: return "SIGINT"
        case SIGTERM: return "SIGTERM"
        case SIGHUP: return "SIGHUP"
        default: return "signal \(s)"
        }
    }
}

/// The live run loop: one `poll()` over every adapter fd, the udev monitor and
/// the signal self-pipe, with the timeout set by the next deadline (sink,
/// emergency chord, replay). Grabs are taken in `start` and released on every
/// exit path: normal end, thrown error, SIGINT/SIGTERM (self-pipe), emergency chord.
///
/// Device timestamps are `CLOCK_MONOTONIC` and map to session instants through
/// `clock` (its epoch is the session start).
public final class LiveLoop<Sink: InputSink> {
    public let adapters: [any InputAdapter]
    public let sink: Sink
    public let clock: SessionClock
    public private(set) var chord: EmergencyChord
    public var onOutput: (Sink.Output) -> Void
    /// Every input, before it reaches the sink (logging, tests).
    public var onInput: (TimedInput) -> Void = { _ in }
    /// Called once every adapter has started (devices open, terminal raw),
    /// before their first inputs: nothing is shown before that can fail.
    public var onStart: () -> Void = {}
    /// Called after each round of the loop in which the adapters were
    /// serviced, once their inputs went to the sink (the live view redraws a
    /// prompt being typed, which gives no input until it is sent).
    public var onService: () -> Void = {}
    /// The instant the session ended (set when `run` returns): everything
    /// up to it went to the sink, and the adapters' closing inputs
    /// (`InputAdapter.finish(at:)`) are at it. A recording of the session
    /// ends here too, so its replay ends where the session did.
    public private(set) var endedAt: Instant = .zero
    /// The latest instant given to the sink.
    private var latest: Instant = .zero

    public init(adapters: [any InputAdapter], sink: Sink, clock: SessionClock, chord: EmergencyChord = EmergencyChord(),
                onOutput: @escaping (Sink.Output) -> Void = { _ in }) {
        self.adapters = adapters
        self.sink = sink
        self.clock = clock
        self.chord = chord
        self.onOutput = onOutput
    }

    /// Runs until a signal, the emergency chord, or the end of input; then
    /// closes the session at `endedAt` (the adapters' closing inputs, the
    /// sink's timers up to then) and stops every adapter.
    /// `signals` may be injected (tests); by default SIGINT/SIGTERM/SIGHUP are caught.
    public func run(signals: SignalPipe? = nil) throws(InputDeviceError) -> LiveLoopExit {
        let pipe: SignalPipe
        if let signals { pipe = signals } else {
            do { pipe = try SignalPipe() } catch { throw .system(operation: "signal pipe", devnode: "-", error) }
        }
        defer {
            for a in adapters { a.stop() }
            if signals == nil { pipe.uninstall() }
        }
        let exit = try loop(pipe)
        close()
        return exit
    }

    /// Ends the session now (or at the latest input, if later): the
    /// adapters' closing inputs, then every timer up to that instant.
    private func close() {
        let end = max(clock.now(), latest)
        endedAt = end
        var closing: [TimedInput] = []
        for a in adapters { closing += a.finish(at: end) }
        for input in closing { deliver(input) }
        if let d = sink.nextDeadline, d <= end { sink.advance(to: end).forEach(onOutput) }
    }

    private func loop(_ pipe: SignalPipe) throws(InputDeviceError) -> LiveLoopExit {
        var initial: [TimedInput] = []
        for a in adapters { initial += try a.start(clock: clock) }
        onStart()
        if let exit = dispatch(initial) { return exit }

        while true {
            let finished = adapters.filter(\.isFinished)
            if finished.count == adapters.count || finished.contains(where: \.finishEndsSession) {
                if let s = finished.compactMap(\.finishSignal).first { return .signal(s) }
                return .adaptersFinished
            }
            let deadlines = [sink.nextDeadline, chord.deadline] + adapters.map(\.nextWakeup)
            let deadline = deadlines.compactMap { $0 }.min()
            let timeout = Self.timeoutMilliseconds(until: deadline, now: clock.now())
            let fds = [pipe.readFD] + adapters.flatMap(\.pollDescriptors)
            let readable: Set<Int32>
            do { readable = try system_pollReadable(fds, timeoutMilliseconds: timeout) } catch {
                throw .system(operation: "poll", devnode: "-", error)
            }
            if readable.contains(pipe.readFD), let s = pipe.drain().first { return .signal(s) }
            let now = clock.now()
            var inputs: [TimedInput] = []
            for a in adapters { inputs += try a.service(readable: readable, now: now, clock: clock) }
            // In time order; at one instant, in the adapters' order (as a replay merges them).
            let ordered = inputs.enumerated().sorted { ($0.element.time, $0.offset) < ($1.element.time, $1.offset) }.map(\.element)
            if let exit = dispatch(ordered) { return exit }
            onService()
            if let t = chord.advance(to: now) { return .emergency(t) }
            if let d = sink.nextDeadline, d <= now {
                latest = max(latest, now)
                sink.advance(to: now).forEach(onOutput)
            }
        }
    }

    /// Sends inputs to the chord detector and the sink; returns an exit if the chord fired.
    private func dispatch(_ inputs: [TimedInput]) -> LiveLoopExit? {
        for input in inputs {
            if let t = chord.handle(input) { return .emergency(t) }
            deliver(input)
        }
        return nil
    }

    /// Hands one input to the sink, after the timers due before it.
    private func deliver(_ input: TimedInput) {
        onInput(input)
        latest = max(latest, input.time)
        if let d = sink.nextDeadline, d < input.time { sink.advance(to: input.time).forEach(onOutput) }
        sink.deliver(input).forEach(onOutput)
    }

    /// Milliseconds from `now` to `deadline`, rounded up so the loop never wakes
    /// early and spins; -1 (wait forever) without a deadline; 0 when already due.
    /// A deadline past `Int32.max` ms (about 24 days, `Instant.distantFuture`
    /// included) waits that long, and the loop looks again.
    public static func timeoutMilliseconds(until deadline: Instant?, now: Instant) -> Int32 {
        guard let deadline else { return -1 }
        let us = (deadline - now).microseconds
        if us <= 0 { return 0 }
        let ms = us / 1000 + (us % 1000 == 0 ? 0 : 1)
        return Int32(clamping: ms)
    }
}

/// A sink that only collects inputs; for `switchyard live --dry-run` and tests.
public final class CollectingSink: InputSink {
    public private(set) var inputs: [TimedInput] = []
    public init() {}
    public func deliver(_ input: TimedInput) -> [TimedInput] {
        inputs.append(input)
        return [input]
    }
    public var nextDeadline: Instant? { nil }
    public func advance(to instant: Instant) -> [TimedInput] { [] }
}
