import Diagnostics
import ScreenModel

/// The rules about how a screen is put together, read from the navigation
/// order (`NavigationOrder`) and the effects: list rows that scan part by
/// part (`rows-not-combined`), modal views with no way out
/// (`modal-without-escape`) and a way back from the screen the app starts
/// on (`back-on-start-screen`).
enum StructureRules {
    /// `rows-not-combined`: per list (`containerType: list`), the rows that
    /// hold two or more stops and do not combine them; one finding on the
    /// list with the scan stops combining would save. A row is a child of
    /// the list; a child that is itself a container (a section) gives its
    /// children as rows.
    static func rowsNotCombined(_ f: ScreenFacts) -> [Finding] {
        let elements = f.screen.elements
        // Stops before each element in preorder, and subtree sizes: a
        // subtree is a contiguous run of the table, so its stops are one
        // subtraction.
        var stopsBefore = [Int](repeating: 0, count: elements.count + 1)
        for k in elements.indices { stopsBefore[k + 1] = stopsBefore[k] + (f.isStop[k] ? 1 : 0) }
        var size = [Int](repeating: 1, count: elements.count)
        for k in stride(from: elements.count - 1, through: 1, by: -1) { size[elements[k].parent!] += size[k] }
        func stops(in k: ElementIndex) -> Int { stopsBefore[k + size[k]] - stopsBefore[k] }

        var out: [Finding] = []
        for list in f.visible where elements[list].containerType == .list && !f.screen.isLeafLike(list) {
            var rows: [ElementIndex] = []
            for c in elements[list].children where !elements[c].hidden {
                if elements[c].isContainer && !f.screen.isLeafLike(c) {
                    rows += elements[c].children.filter { !elements[$0].hidden }
                } else {
                    rows.append(c)
                }
            }
            let counts = rows.filter { !f.screen.isLeafLike($0) }.map(stops(in:)).filter { $0 >= 2 }
            guard let least = counts.min(), let most = counts.max() else { continue }
            let all = counts.reduce(0, +)
            let each = least == most ? "\(least)" : "\(least) to \(most)"
            let rowsText = counts.count == 1 ? "1 row makes" : "\(counts.count) rows make"
            out.append(Finding(.rowsNotCombined, list, f,
                               "\(rowsText) \(each) scan stops each (\(all) in all) where combining each row would make 1: " + Plural.count(all - counts.count, "scan stop") + " saved"))
        }
        return out
    }

    /// `modal-without-escape`: the modal element that traps navigation
    /// (`NavigationOrder.modal`), when none of its stops dismisses, goes
    /// back, or toggles the modal's `isModal` trait off, on activation or
    /// through a custom action.
    static func modalWithoutEscape(_ f: ScreenFacts) -> [Finding] {
        guard let modal = f.order.modal else { return [] }
        let modalID = f.screen.elements[modal].identifier
        func escapes(_ effect: Effect, from k: ElementIndex) -> Bool {
            switch effect {
            case .dismiss, .back: return true
            case .toggleTrait(.isModal, let target): return target.map { $0 == modalID } ?? (k == modal)
            default: return false
            }
        }
        for k in f.order.stops {
            let effects = f.screen.activationEffects(of: k) + f.screen.customActions(of: k).flatMap(\.effects)
            if effects.contains(where: { escapes($0, from: k) }) { return [] }
        }
        let stops: String
        switch f.order.stops.count {
        case 0: stops = "it has no stop at all"
        case 1: stops = "its one stop does not dismiss it, go back or clear its isModal trait"
        case let n: stops = "none of its \(n) stops dismisses it, goes back or clears its isModal trait"
        }
        return [Finding(.modalWithoutEscape, modal, f, "modal view traps navigation, and \(stops); a switch or voice user cannot leave it")]
    }

    /// `back-on-start-screen`: on the app's start screen, each interactive
    /// element whose activation or custom action goes back or dismisses:
    /// the screen the app starts on has nothing beneath it.
    static func backOnStartScreen(_ f: ScreenFacts) -> [Finding] {
        guard f.screen.name == f.app.startScreen else { return [] }
        func goesBack(_ effects: [Effect]) -> String? {
            for e in effects {
                if case .back = e { return "goes back" }
                if case .dismiss = e { return "dismisses" }
            }
            return nil
        }
        return f.interactive.compactMap { k in
            let what: String
            if let verb = goesBack(f.screen.activationEffects(of: k)) {
                what = "\(f.name(k)) \(verb)"
            } else if let action = f.screen.customActions(of: k).first(where: { goesBack($0.effects) != nil }) {
                what = "custom action '\(action.name)' of \(f.name(k)) \(goesBack(action.effects)!)"
            } else {
                return nil
            }
            return Finding(.backOnStartScreen, k, f, "\(what) on '\(f.screen.name)', the screen the app starts on, where there is nothing to go back to")
        }
    }
}
