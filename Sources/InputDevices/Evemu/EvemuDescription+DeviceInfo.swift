extension EvemuDescription {
    /// A description built from what discovery knows of a device (name, ids,
    /// key/axis capabilities, axis ranges and its udev classification), for
    /// recording a device that another reader holds open (live `--record`).
    public init(info: DeviceInfo) {
        var codes: [UInt16: Set<UInt16>] = [EventType.syn: [0, 1, 3]]
        let caps = info.capabilities
        if !caps.keys.isEmpty { codes[EventType.key] = caps.keys }
        if !caps.absAxes.isEmpty { codes[EventType.abs] = caps.absAxes }
        if !caps.relAxes.isEmpty { codes[EventType.rel] = caps.relAxes }
        for t in caps.eventTypes where codes[t] == nil { codes[t] = [] }
        let udev = DeviceRecorder.keptProperties.compactMap { key in info.properties[key].map { (key, $0) } }
        self.init(name: info.name, id: info.id, codes: codes, absInfo: caps.absInfo, udevProperties: udev)
    }
}
