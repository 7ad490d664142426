import Foundation
import Testing
import SwitchyardEngine

/// The one table Linux key names are checked against is the kernel's list:
/// every `#define KEY_…` of the installed `linux/input-event-codes.h` but
/// the four that name no key. When a newer header adds keys, run
/// `scripts/kernel-key-names.sh`.
@Suite struct KernelKeyNamesTests {
    static let header = "/usr/include/linux/input-event-codes.h"

    @Test(.enabled(if: FileManager.default.fileExists(atPath: header), "no linux/input-event-codes.h on this machine (linux-libc-dev)"))
    func theTableIsTheInstalledHeadersList() throws {
        let text = try String(contentsOfFile: Self.header, encoding: .utf8)
        let defined = text.split(separator: "\n").compactMap { line -> String? in
            let fields = line.split(whereSeparator: \.isWhitespace)
            guard fields.count >= 3, fields[0] == "#define", fields[1].hasPrefix("KEY_") else { return nil }
            return String(fields[1])
        }
        let keys = defined.filter { !["KEY_RESERVED", "KEY_MIN_INTERESTING", "KEY_MAX", "KEY_CNT"].contains($0) }
        #expect(KernelKeyNames.all == keys, "run scripts/kernel-key-names.sh")
        #expect(KernelKeyNames.set.count == KernelKeyNames.all.count)
    }

    @Test func namesAreCheckedNotJustSpelled() {
        #expect(Key(linuxName: "KEY_TAB") == Key.tab)
        #expect(Key(linuxName: "KEY_HANGUEL") == Key("KEY_HANGUEL"))
        #expect(Key(linuxName: "KEY_TABB") == nil)
        #expect(Key(linuxName: "KEY_MAX") == nil)
        #expect(Key(linuxName: "BTN_SOUTH") == nil)
        #expect(KeyChord.key(named: "KEY_TABB") == nil)
        #expect(KeyChord.key(named: "KEY_F24") == Key("KEY_F24"))
    }
}
