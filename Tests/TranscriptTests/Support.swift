import ScreenModel
import SwitchyardEngine

/// The reference to a fixture button (frame x 0, width 400, height 50 unless given).
func ref(_ label: String, _ index: Int, y: Double, x: Double = 0, width: Double = 400, screen: String = "main") -> ElementRef {
    ElementRef(screen: screen, index: index, label: label, identifier: label.lowercased(), frame: Rect(x: x, y: y, width: width, height: 50))
}

let A = ref("A", 1, y: 0)
let B = ref("B", 2, y: 100)

/// A timed event at `t` milliseconds, caused by Switch Control.
func at(_ t: Int64, _ e: Event) -> TimedEvent { TimedEvent(e, at: .milliseconds(t), by: .switchControl) }

/// A timed event the session itself emits, caused by no technology.
func bySession(_ t: Int64, _ e: Event) -> TimedEvent { TimedEvent(e, at: .milliseconds(t)) }

/// A highlight of an element at `t` milliseconds.
func hl(_ t: Int64, _ r: ElementRef) -> TimedEvent { at(t, .highlighted(.element(r))) }
