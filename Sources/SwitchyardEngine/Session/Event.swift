import ScreenModel

/// An element as events name it: where it lives and what it shows, copied at
/// the moment of the event so a transcript reads on its own.
///
/// The names live in one shared, immutable box, so copying a reference (every
/// highlight of auto scanning does) costs one retain, not three.
public struct ElementRef: Hashable, Sendable, CustomStringConvertible, TerminalDescribable {
    /// The strings of a reference, shared by its copies.
    final class Names: Hashable, Sendable {
        let screen: String
        let label: String?
        let identifier: String?
        init(screen: String, label: String?, identifier: String?) {
            self.screen = screen
            self.label = label
            self.identifier = identifier
        }
        static func == (a: Names, b: Names) -> Bool {
            a === b || (a.screen == b.screen && a.label == b.label && a.identifier == b.identifier)
        }
        func hash(into h: inout Hasher) {
            h.combine(screen)
            h.combine(label)
            h.combine(identifier)
        }
    }

    /// Shared by the copies of one reference; a new box when a name is set.
    private(set) var names: Names
    /// The element's index in that screen's element table (preorder).
    public var index: ElementIndex
    /// The element's frame in points.
    public var frame: Rect

    /// The screen's name in the app model.
    public var screen: String {
        get { names.screen }
        set { names = Names(screen: newValue, label: names.label, identifier: names.identifier) }
    }
    /// The effective label (a combined element joins its children's).
    public var label: String? {
        get { names.label }
        set { names = Names(screen: names.screen, label: newValue, identifier: names.identifier) }
    }
    /// The element's `identifier`, when it has one.
    public var identifier: String? {
        get { names.identifier }
        set { names = Names(screen: names.screen, label: names.label, identifier: newValue) }
    }

    public init(screen: String, index: ElementIndex, label: String?, identifier: String?, frame: Rect) {
        self.names = Names(screen: screen, label: label, identifier: identifier)
        self.index = index
        self.frame = frame
    }

    /// The reference to element `i` of `screen`.
    public init(_ screen: Screen, _ i: ElementIndex) {
        self.init(screen: screen.name, index: i, label: screen.label(of: i), identifier: screen.elements[i].identifier, frame: screen.frames[i])
    }

    /// Whether `other` is a copy of this reference: the same shared names
    /// box (not only equal names), index and frame. What a writer that
    /// keeps the JSON of the references it wrote compares (`==` compares
    /// the names themselves when the boxes differ).
    public func isCopy(of other: ElementRef) -> Bool {
        names === other.names && index == other.index && frame == other.frame
    }

    /// `"Pay"` (by label), else `#pay` (by identifier), else `[12]`.
    /// Terminal-safe: a label or identifier from outside is escaped.
    public var description: String { TerminalBytes.text(of: self) }

    /// Appends `description` to a text line.
    public func describe(into t: inout TerminalBytes) {
        if let l = names.label {
            t.append(quoting: l)
        } else if let id = names.identifier {
            t.append("#"); t.append(escaping: id)
        } else {
            t.append("["); t.append(decimal: index); t.append("]")
        }
    }
}

/// Which coordinate a point-scan line chooses: `.x` is a vertical line
/// sweeping left to right; `.y` is a horizontal line sweeping top to bottom.
public enum PointAxis: String, Hashable, Sendable, CaseIterable {
    case x, y
}

/// The stage of a Gliding Cursor sweep on one axis.
public enum SweepStage: String, Hashable, Sendable, CaseIterable {
    /// Across the whole screen at the Gliding Cursor speed.
    case coarse
    /// Refined: within a band around the coarse choice, at a quarter of the speed.
    case refine
    /// Precise: within a narrower band around the refined choice, at a sixteenth of the speed.
    case fine
}

/// What the cursor shows.
public enum Highlight: Hashable, Sendable {
    /// One element (item mode).
    case element(ElementRef)
    /// A group of items; `count` is the number of elements inside it, at any depth.
    case group(frame: Rect, count: Int)
    /// The dashed "exit" highlight that follows a group's children; Select moves up a level.
    case groupExit(frame: Rect)
    /// An item of the open scanner menu.
    case menuItem(String)
    /// A point-scan line stopped at `position` points along `axis`.
    case pointLine(axis: PointAxis, position: Double)
    /// A point-scan line starts sweeping from `from` to `to` (points along
    /// `axis`) over `duration`; its position at any instant follows linearly.
    case pointSweep(axis: PointAxis, stage: SweepStage, from: Double, to: Double, duration: Interval)
    /// Always Tap: the scanner-menu button shown at the end of each top-level scan cycle.
    case menuButton
}

/// Why an input did nothing.
public enum IgnoreReason: String, Hashable, Sendable, CaseIterable {
    /// Switch Stabilization › Ignore Repeat: the press came within the window after an accepted press.
    case ignoreRepeat
    /// Switch Stabilization › Hold Duration: the switch came up before the hold duration passed.
    case holdDurationNotReached
    /// No switch of that name is configured.
    case unassignedSwitch
    /// The active technology does not handle this kind of input (a key stroke or an utterance under Switch Control).
    case notHandledByTechnology
    /// A switch-up with no matching switch-down, or a second switch-down without an up.
    case unpairedSwitchTransition
    /// Select with nothing highlighted (manual or step scanning before the first move).
    case nothingHighlighted
    /// The action has nothing to act on here (e.g. Move To Previous Item in point mode).
    case notApplicable
    /// Full Keyboard Access: no command is bound to the key (or chord).
    case unboundKey
    /// Full Keyboard Access: the command acts on the focused element, and nothing is focused yet.
    case nothingFocused
    /// Full Keyboard Access: focus cannot move that way (the end of a list
    /// that does not scroll, nothing in that direction, one group only, no stop on the screen).
    case noItemThatWay
    /// Full Keyboard Access: Go back on the start screen with no sheet presented.
    case nothingToGoBackTo
    /// Full Keyboard Access: KEY_TAB went down again while it was held (found by fuzzing a recording).
    case unpairedKeyTransition
}

/// Something the session did, as the user would see or hear it.
///
/// The cases with payloads larger than a highlight's are `indirect` (boxed):
/// an event is copied into the session's buffer and out to its reader on
/// every auto-scan step, and an `Input` or an `Overlay` inline made every
/// event 122 bytes where a highlight needs 49.
public enum Event: Hashable, Sendable {
    /// A new screen is showing (start, go to, back, present, dismiss).
    case screenChanged(screen: String)
    /// The screen showing was read again from a live app (`Input.screenReplaced`):
    /// the same screen, with what changed in it; `elements` is its element count.
    case screenUpdated(screen: String, elements: Int)
    /// The cursor moved.
    case highlighted(Highlight)
    /// The scanner menu opened with these items, in order.
    case menuShown(items: [String])
    /// The scanner menu closed.
    case menuHidden
    /// A tap: on an element at its activation point, or in point mode at the
    /// chosen point (element nil when the point hits nothing).
    indirect case activated(ElementRef?, at: Point)
    /// A custom action ran.
    indirect case customActionPerformed(ElementRef, name: String)
    /// An element's value changed.
    indirect case valueChanged(ElementRef, value: String?)
    /// An element's traits changed.
    indirect case traitsChanged(ElementRef, traits: TraitSet)
    /// An announcement was posted.
    case announced(String)
    /// After a sheet was dismissed, the highlight returned to the element that presented it.
    case focusRestored(ElementRef)
    /// A scroll container moved its content one page towards `direction`.
    indirect case scrolled(ElementRef, direction: ScrollDirection)
    /// Scanning stopped and the cursor hid (loops used up). Any switch press restarts it.
    case scanningStopped(reason: String)
    /// An input was ignored, and why.
    indirect case inputIgnored(Input, reason: IgnoreReason)
    /// An input device appeared.
    case deviceAdded(String)
    /// An input device went away.
    case deviceRemoved(String)
    /// The engine met a case its state machine does not expect: logged, state kept.
    case bug(String)
    /// An effect of the app model that cannot be carried out (`back` or
    /// `dismiss` with nothing to go back to, `dismiss` with no sheet
    /// showing, an effect whose target is not on the screen), asked for by
    /// `element`'s activation or custom action: an authoring error of the
    /// model (or of a scenario started on a screen the app reaches by
    /// navigation), not of the engine. The state was kept.
    indirect case appModelError(ElementRef?, message: String)
    /// Voice Control showed an overlay (names, numbers or the grid), or
    /// showed it again because it changed (renumbered after a screen change,
    /// a scroll). It replaces any overlay shown before.
    indirect case overlayShown(Overlay)
    /// Voice Control hid its overlay.
    case overlayHidden(OverlayKind)
    /// Voice Control zoomed its grid into a cell: `path` is every cell zoomed
    /// into, outermost first; `area` is what the grid now covers.
    indirect case gridZoomed(path: [Int], area: Rect)
    /// A spoken name matched several targets: they show numbers 1… in order.
    case disambiguationShown(name: String, candidates: [ElementRef])
    /// The disambiguation numbers went away (one was picked, or something else was said).
    case disambiguationHidden
    /// Voice Control did not act on an utterance, and why.
    case utteranceNotUnderstood(String, reason: NotUnderstoodReason)
    /// "Show me what to say": the commands that apply now, in order.
    case commandsListed([String])
    /// A double tap or long press on an element (nil: a grid point on nothing) at `at`.
    indirect case gesturePerformed(Gesture, ElementRef?, at: Point)
    /// Full Keyboard Access: the focus ring is on this element — it moved
    /// there, or showed again after Auto-Hide.
    case focused(ElementRef)
    /// Full Keyboard Access: Auto-Hide hid the focus ring; the element stays focused.
    case focusHidden
    /// Full Keyboard Access: the actions list (Tab-Z) opened with these items, in order.
    case actionsListShown(items: [String])
    /// Full Keyboard Access: the highlighted item of the actions list.
    case actionsListItem(String)
    /// Full Keyboard Access: the actions list closed.
    case actionsListHidden
    /// Full Keyboard Access: Find (Tab-F) opened or its query changed; `match`
    /// is the element the query finds now (nil when none).
    indirect case findQueryChanged(String, match: ElementRef?)
    /// Full Keyboard Access: Find closed (Return took its match, or Escape cancelled).
    case findHidden
    /// Full Keyboard Access: Help (Tab-H) lists the commands and their keys.
    case helpShown(commands: [String])
    /// Full Keyboard Access: the command list closed.
    case helpHidden
    /// Full Keyboard Access: typed characters now go to this text field.
    case textEditingBegan(ElementRef)
    /// Full Keyboard Access: typed characters no longer go to this text field.
    case textEditingEnded(ElementRef)
    /// A live app (`app atspi`, `live --atspi`) did not carry out what an
    /// event asked of it: the element (nil when the app's tree no longer
    /// has it), the call (`Action.DoAction`, `Component.GrabFocus`), and
    /// what the app answered, in words (`it answered false`). Written by
    /// whoever drives the app, after the event that asked; the session
    /// never emits it.
    indirect case appActionFailed(ElementRef?, call: String, answer: String)
}

/// An event with the virtual instant it happened at.
///
/// `technology` says which technology caused it: the one whose input, timer
/// or reaction emitted it; nil for what the session itself does (the start
/// screen, device hotplug, focus returning to a dismissed sheet's presenter).
public struct TimedEvent: Hashable, Sendable, CustomStringConvertible {
    public var time: Instant
    public var event: Event
    public var technology: Technology?
    public init(_ event: Event, at time: Instant, by technology: Technology? = nil) {
        self.time = time
        self.event = event
        self.technology = technology
    }
    public init(time: Instant, event: Event, technology: Technology? = nil) {
        self.time = time
        self.event = event
        self.technology = technology
    }
    /// The readable text line (`TranscriptFormat.textLine`).
    public var description: String { TranscriptFormat.textLine(self) }
}
