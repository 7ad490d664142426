import CAtspi
import Glibc
import SwitchyardEngine

/// A value in a D-Bus message, as AT-SPI's replies and signals carry them.
///
/// Containers nest at most 64 deep (the D-Bus specification's limit), so
/// reading one recursively is bounded.
public indirect enum BusValue: Hashable, Sendable {
    case string(String)
    case objectPath(String)
    case bool(Bool)
    case int32(Int32)
    case uint32(UInt32)
    case int64(Int64)
    case uint64(UInt64)
    case double(Double)
    case byte(UInt8)
    case array([BusValue])
    case structure([BusValue])
    case dictEntry(BusValue, BusValue)
    case variant(BusValue)
    case other

    public var string: String? {
        switch self {
        case .string(let s), .objectPath(let s): return s
        case .variant(let v): return v.string
        default: return nil
        }
    }
    public var int: Int? {
        switch self {
        case .int32(let v): return Int(v)
        case .uint32(let v): return Int(v)
        case .int64(let v): return Int(v)
        case .uint64(let v): return Int(clamping: v)
        case .byte(let v): return Int(v)
        case .variant(let v): return v.int
        default: return nil
        }
    }
    public var double: Double? {
        switch self {
        case .double(let d): return d
        case .variant(let v): return v.double
        default: return int.map(Double.init)
        }
    }
    public var bool: Bool? {
        switch self {
        case .bool(let b): return b
        case .variant(let v): return v.bool
        default: return nil
        }
    }
    public var items: [BusValue]? {
        switch self {
        case .array(let a), .structure(let a): return a
        case .variant(let v): return v.items
        default: return nil
        }
    }
}

/// An argument of a method call.
public enum BusArgument: Hashable, Sendable {
    case int32(Int32)
    case uint32(UInt32)
    case string(String)
    case double(Double)
    case strings([String])
    /// A double in a variant (`Properties.Set` of `CurrentValue`).
    case variantDouble(Double)
}

/// One method call: where to, and what.
public struct BusCall: Hashable, Sendable, CustomStringConvertible {
    public var destination: String
    public var path: String
    public var interface: String
    public var method: String
    public var arguments: [BusArgument]
    public init(_ destination: String, _ path: String, _ interface: String, _ method: String, _ arguments: [BusArgument] = []) {
        self.destination = destination
        self.path = path
        self.interface = interface
        self.method = method
        self.arguments = arguments
    }
    /// `org.a11y.atspi.Action.DoAction on :1.5 /org/a11y/atspi/accessible/12`.
    public var description: String { "\(interface).\(method) on \(destination) \(path)" }
}

/// A signal received on the bus: an AT-SPI event (`org.a11y.atspi.Event.Object`
/// `StateChanged`, …), from `sender`'s object `path`.
public struct BusSignal: Hashable, Sendable {
    public var sender: String
    public var path: String
    public var interface: String
    public var member: String
    public var arguments: [BusValue]
}

/// The accessibility bus of the desktop session (AT-SPI 2), over libdbus: a
/// private connection of our own, found the way libatspi finds it
/// (`AT_SPI_BUS_ADDRESS`, else `org.a11y.Bus.GetAddress` on the session bus).
///
/// Calls block with a timeout; several calls can be sent at once and their
/// replies read after (`callAll`), so a snapshot pays one round trip for a
/// batch instead of one per element. Signals (AT-SPI events) queue on the
/// connection until `signals()` takes them; `fileDescriptor` is the socket a
/// live loop polls. Not thread-safe: one thread uses a bus at a time.
public final class AccessibilityBus {
    let connection: OpaquePointer
    /// The accessibility bus's address.
    public let address: String
    /// Milliseconds a call may take.
    public var timeoutMilliseconds: Int32 = 3_000

    /// How long a call may take, as the messages say it (`3s`).
    public var timeout: Interval { .milliseconds(Int64(timeoutMilliseconds)) }

    /// Connects to the session's accessibility bus.
    /// - Parameter environment: the variables to read (the process's by default).
    /// - Throws: `DesktopAppError.noSessionBus` / `.noAccessibilityBus`, saying what is missing.
    public init(environment: [String: String]? = nil) throws(DesktopAppError) {
        let env = environment ?? Self.processEnvironment()
        let address: String
        if let a = env["AT_SPI_BUS_ADDRESS"], !a.isEmpty {
            address = a
        } else {
            guard let session = env["DBUS_SESSION_BUS_ADDRESS"], !session.isEmpty else {
                throw .noSessionBus("DBUS_SESSION_BUS_ADDRESS is not set")
            }
            let bus = try Self.open(session, failure: DesktopAppError.noSessionBus)
            defer { dbus_connection_close(bus); dbus_connection_unref(bus) }
            let reply: [BusValue]
            do {
                reply = try Self.call(BusCall("org.a11y.Bus", "/org/a11y/bus", "org.a11y.Bus", "GetAddress"), on: bus, timeout: 5_000)
            } catch {
                throw .noAccessibilityBus("org.a11y.Bus.GetAddress on the session bus: \(Self.reason(error))")
            }
            guard let a = reply.first?.string, !a.isEmpty else { throw .noAccessibilityBus("org.a11y.Bus gave no address") }
            address = a
        }
        self.address = address
        connection = try Self.open(address, failure: DesktopAppError.noAccessibilityBus)
    }

    /// Connects straight to one app, at the address its
    /// `org.a11y.atspi.Application.GetApplicationBusAddress` gives (GTK's
    /// bridge listens there): calls skip the bus daemon's hop, about half
    /// the cost of a call. No signals come this way; they stay on the bus.
    /// - Throws: `DesktopAppError.call` when the app's socket does not answer.
    public init(peer address: String) throws(DesktopAppError) {
        self.address = address
        connection = try Self.open(address, register: false) { .call("connecting to the app at \(address)", $0) }
    }

    deinit {
        dbus_connection_close(connection)
        dbus_connection_unref(connection)
    }

    /// The bus's socket, for `poll()`.
    public var fileDescriptor: Int32 {
        var fd: Int32 = -1
        return dbus_connection_get_unix_fd(connection, &fd) != 0 ? fd : -1
    }

    /// Our own name on the bus (`:1.7`).
    public var uniqueName: String {
        dbus_bus_get_unique_name(connection).map { String(cString: $0) } ?? ""
    }

    /// Calls one method and waits for its reply.
    public func call(_ call: BusCall) throws(DesktopAppError) -> [BusValue] {
        try Self.call(call, on: connection, timeout: timeoutMilliseconds)
    }

    /// Sends every call, then reads every reply (in the order of `calls`):
    /// one round trip for the batch.
    public func callAll(_ calls: [BusCall]) -> [Result<[BusValue], DesktopAppError>] {
                var pending: [OpaquePointer?] = []
        pending.reserveCapacity(calls.count)
        for c in calls {
            guard let m = Self.message(c) else { pending.append(nil); continue }
            var p: OpaquePointer? = nil
            if dbus_connection_send_with_reply(connection, m, &p, timeoutMilliseconds) == 0 { p = nil }
            dbus_message_unref(m)
            pending.append(p)
        }
        dbus_connection_flush(connection)
        var out: [Result<[BusValue], DesktopAppError>] = []
        out.reserveCapacity(calls.count)
        for (k, p) in pending.enumerated() {
            guard let p else { out.append(.failure(.call(calls[k].description, "out of memory or disconnected"))); continue }
            dbus_pending_call_block(p)
            let reply = dbus_pending_call_steal_reply(p)
            dbus_pending_call_unref(p)
            guard let reply else { out.append(.failure(.noReply(calls[k].description, within: timeout))); continue }
            out.append(Self.read(reply, calls[k], timeout: timeout))
            dbus_message_unref(reply)
        }
        return out
    }

    /// Asks the bus to route AT-SPI event signals of `interface` to us
    /// (`org.a11y.atspi.Event.Object`, `…Event.Window`).
    public func addMatch(interface: String) throws(DesktopAppError) {
        try addMatch(rule: "type='signal',interface='\(interface)'")
    }

    /// Routes the signals that match `rule` (D-Bus match rule syntax) to us.
    public func addMatch(rule: String) throws(DesktopAppError) {
        var error = DBusError()
        dbus_error_init(&error)
        dbus_bus_add_match(connection, rule, &error)
        if dbus_error_is_set(&error) != 0 {
            let text = Self.text(error)
            dbus_error_free(&error)
            throw .call("AddMatch \(rule)", text)
        }
    }

    /// The signals received so far (reading what the socket has, without waiting).
    public func signals() -> [BusSignal] {
        _ = dbus_connection_read_write(connection, 0)
        var out: [BusSignal] = []
        while let m = dbus_connection_pop_message(connection) {
            defer { dbus_message_unref(m) }
            guard dbus_message_get_type(m) == 4 /* DBUS_MESSAGE_TYPE_SIGNAL */ else { continue }
            let values = Self.values(m)
            out.append(BusSignal(
                sender: dbus_message_get_sender(m).map { String(cString: $0) } ?? "",
                path: dbus_message_get_path(m).map { String(cString: $0) } ?? "",
                interface: dbus_message_get_interface(m).map { String(cString: $0) } ?? "",
                member: dbus_message_get_member(m).map { String(cString: $0) } ?? "",
                arguments: values))
        }
        return out
    }

    /// Whether messages wait in the connection's queue (read during a call),
    /// so a poll on the socket would not see them.
    public var hasQueuedMessages: Bool {
        dbus_connection_get_dispatch_status(connection) == DBUS_DISPATCH_DATA_REMAINS
    }

    /// Whether the connection is still open.
    public var isConnected: Bool { dbus_connection_get_is_connected(connection) != 0 }

    // MARK: - libdbus

    static func processEnvironment() -> [String: String] {
        var env: [String: String] = [:]
        for key in ["AT_SPI_BUS_ADDRESS", "DBUS_SESSION_BUS_ADDRESS"] {
            if let v = getenv(key) { env[key] = String(cString: v) }
        }
        return env
    }

    /// A private connection to `address`; registered on the bus (`Hello`)
    /// unless it is a peer-to-peer connection (`register: false`).
    static func open(_ address: String, register: Bool = true, failure: (String) -> DesktopAppError) throws(DesktopAppError) -> OpaquePointer {
        var error = DBusError()
        dbus_error_init(&error)
        guard let c = dbus_connection_open_private(address, &error) else {
            let text = text(error)
            dbus_error_free(&error)
            throw failure("cannot connect to \(address): \(text)")
        }
        dbus_connection_set_exit_on_disconnect(c, 0)
        guard !register || dbus_bus_register(c, &error) != 0 else {
            let text = text(error)
            dbus_error_free(&error)
            dbus_connection_close(c)
            dbus_connection_unref(c)
            throw failure("cannot register on \(address): \(text)")
        }
        return c
    }

    static func text(_ error: DBusError) -> String {
        let name = error.name.map { String(cString: $0) } ?? "error"
        let message = error.message.map { String(cString: $0) } ?? ""
        return message.isEmpty ? name : "\(message) (\(name))"
    }

    static func reason(_ error: DesktopAppError) -> String {
        if case .call(_, let why) = error { return why }
        return error.message
    }

    static func call(_ call: BusCall, on connection: OpaquePointer, timeout: Int32) throws(DesktopAppError) -> [BusValue] {
        guard let m = message(call) else { throw .call(call.description, "the call could not be built") }
        defer { dbus_message_unref(m) }
        var error = DBusError()
        dbus_error_init(&error)
        let within = Interval.milliseconds(Int64(timeout))
        guard let reply = dbus_connection_send_with_reply_and_block(connection, m, timeout, &error) else {
            let name = error.name.map { String(cString: $0) } ?? ""
            let text = text(error)
            dbus_error_free(&error)
            throw failure(call, name: name, text: text, within: within)
        }
        defer { dbus_message_unref(reply) }
        return try read(reply, call, timeout: within).get()
    }

    /// The D-Bus errors that say the call had no reply in time (libdbus
    /// makes `NoReply` when a call's timeout passes).
    static let noReplyErrors: Set<String> = [
        "org.freedesktop.DBus.Error.NoReply", "org.freedesktop.DBus.Error.Timeout", "org.freedesktop.DBus.Error.TimedOut",
    ]

    /// A failed call as an error: no reply in time, or the error the bus or app gave.
    static func failure(_ call: BusCall, name: String, text: String, within: Interval) -> DesktopAppError {
        noReplyErrors.contains(name) ? .noReply(call.description, within: within) : .call(call.description, text)
    }

    static func message(_ call: BusCall) -> OpaquePointer? {
        guard let m = dbus_message_new_method_call(call.destination, call.path, call.interface, call.method) else { return nil }
        var iter = DBusMessageIter()
        dbus_message_iter_init_append(m, &iter)
        for a in call.arguments {
            switch a {
            case .int32(var v): _ = dbus_message_iter_append_basic(&iter, Int32(UInt8(ascii: "i")), &v)
            case .uint32(var v): _ = dbus_message_iter_append_basic(&iter, Int32(UInt8(ascii: "u")), &v)
            case .double(var v): _ = dbus_message_iter_append_basic(&iter, Int32(UInt8(ascii: "d")), &v)
            case .string(let s): appendString(s, &iter)
            case .strings(let list):
                var sub = DBusMessageIter()
                _ = dbus_message_iter_open_container(&iter, Int32(UInt8(ascii: "a")), "s", &sub)
                for s in list { appendString(s, &sub) }
                _ = dbus_message_iter_close_container(&iter, &sub)
            case .variantDouble(var v):
                var sub = DBusMessageIter()
                _ = dbus_message_iter_open_container(&iter, Int32(UInt8(ascii: "v")), "d", &sub)
                _ = dbus_message_iter_append_basic(&sub, Int32(UInt8(ascii: "d")), &v)
                _ = dbus_message_iter_close_container(&iter, &sub)
            }
        }
        return m
    }

    static func appendString(_ s: String, _ iter: inout DBusMessageIter) {
        // D-Bus strings are UTF-8 without NUL; a NUL would end the C string early.
        let clean = s.contains("\0") ? s.replacingOccurrences(of: "\0", with: "") : s
        clean.withCString { p in
            var ptr: UnsafePointer<CChar>? = p
            _ = dbus_message_iter_append_basic(&iter, Int32(UInt8(ascii: "s")), &ptr)
        }
    }

    static func read(_ reply: OpaquePointer, _ call: BusCall, timeout: Interval) -> Result<[BusValue], DesktopAppError> {
        if dbus_message_get_type(reply) == 3 /* DBUS_MESSAGE_TYPE_ERROR */ {
            let name = dbus_message_get_error_name(reply).map { String(cString: $0) } ?? "error"
            let detail = values(reply).first?.string ?? ""
            return .failure(failure(call, name: name, text: detail.isEmpty ? name : "\(detail) (\(name))", within: timeout))
        }
        return .success(values(reply))
    }

    static func values(_ m: OpaquePointer) -> [BusValue] {
        var iter = DBusMessageIter()
        guard dbus_message_iter_init(m, &iter) != 0 else { return [] }
        return readAll(&iter, depth: 0)
    }

    static func readAll(_ iter: inout DBusMessageIter, depth: Int) -> [BusValue] {
        var out: [BusValue] = []
        while true {
            let type = dbus_message_iter_get_arg_type(&iter)
            if type == 0 { break }
            out.append(readOne(&iter, type: type, depth: depth))
            if dbus_message_iter_next(&iter) == 0 { break }
        }
        return out
    }

    static func readOne(_ iter: inout DBusMessageIter, type: Int32, depth: Int) -> BusValue {
        guard depth < 64, let code = UnicodeScalar(UInt32(type)) else { return .other }
        switch Character(code) {
        case "s", "o", "g":
            var p: UnsafePointer<CChar>? = nil
            dbus_message_iter_get_basic(&iter, &p)
            let s = p.map { String(cString: $0) } ?? ""
            return Character(code) == "o" ? .objectPath(s) : .string(s)
        case "b":
            var v: UInt32 = 0
            dbus_message_iter_get_basic(&iter, &v)
            return .bool(v != 0)
        case "i":
            var v: Int32 = 0
            dbus_message_iter_get_basic(&iter, &v)
            return .int32(v)
        case "u":
            var v: UInt32 = 0
            dbus_message_iter_get_basic(&iter, &v)
            return .uint32(v)
        case "x":
            var v: Int64 = 0
            dbus_message_iter_get_basic(&iter, &v)
            return .int64(v)
        case "t":
            var v: UInt64 = 0
            dbus_message_iter_get_basic(&iter, &v)
            return .uint64(v)
        case "n":
            var v: Int16 = 0
            dbus_message_iter_get_basic(&iter, &v)
            return .int32(Int32(v))
        case "q":
            var v: UInt16 = 0
            dbus_message_iter_get_basic(&iter, &v)
            return .uint32(UInt32(v))
        case "y":
            var v: UInt8 = 0
            dbus_message_iter_get_basic(&iter, &v)
            return .byte(v)
        case "d":
            var v: Double = 0
            dbus_message_iter_get_basic(&iter, &v)
            return .double(v)
        case "a", "r", "(", "e", "{", "v":
            var sub = DBusMessageIter()
            dbus_message_iter_recurse(&iter, &sub)
            let inner = readAll(&sub, depth: depth + 1)
            switch Character(code) {
            case "a": return .array(inner)
            case "v": return .variant(inner.first ?? .other)
            case "e", "{": return inner.count == 2 ? .dictEntry(inner[0], inner[1]) : .other
            default: return .structure(inner)
            }
        default:
            return .other
        }
    }
}
