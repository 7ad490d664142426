import Diagnostics

/// One check of the accessibility audit: what it looks for on a screen, how
/// serious it is, and how to fix what it finds (docs/audit.md, one section
/// per rule).
///
/// The rules are the problems that matter most to people who use an iPhone
/// or Android phone with switches, a keyboard or their voice: names to say
/// and hear, targets to hit, ways out of modal views, and the time and
/// reach of the scan. Their thresholds follow Apple's Human Interface
/// Guidelines (44 × 44 pt), Material Design (48 × 48 dp), Google's
/// Accessibility Test Framework for Android and GTXiLib; each rule's
/// `help` names its source.
///
/// The raw value is the rule's id, kebab-case and stable: SARIF's `ruleId`,
/// the text output's `[rule-id]`.
public enum AuditRule: String, CaseIterable, Hashable, Sendable {
    case labelMissing = "label-missing"
    case labelNotSpeakable = "label-not-speakable"
    case labelDuplicate = "label-duplicate"
    case labelRepeatsTrait = "label-repeats-trait"
    case inputLabelsTooMany = "input-labels-too-many"
    case targetTooSmall = "target-too-small"
    case adjustableValueMissing = "adjustable-value-missing"
    case imageUnlabelled = "image-unlabelled"
    case rowsNotCombined = "rows-not-combined"
    case modalWithoutEscape = "modal-without-escape"
    case backOnStartScreen = "back-on-start-screen"
    case sheetFocusNotReturned = "sheet-focus-not-returned"
    case activationOverBudget = "activation-over-budget"
    case unreachable = "unreachable"

    // MARK: - API

    /// The rule's stable id (`label-missing`).
    public var id: String { rawValue }

    /// How serious a finding of this rule is: `error` when a user cannot
    /// do something at all, `warning` when it is slower or harder.
    public var severity: Severity {
        switch self {
        case .labelMissing, .modalWithoutEscape, .backOnStartScreen, .unreachable:
            return .error
        case .labelNotSpeakable, .labelDuplicate, .labelRepeatsTrait, .inputLabelsTooMany, .targetTooSmall,
             .adjustableValueMissing, .imageUnlabelled, .rowsNotCombined, .sheetFocusNotReturned, .activationOverBudget:
            return .warning
        }
    }

    /// What the rule checks, in one line (SARIF's `shortDescription`).
    public var title: String {
        switch self {
        case .labelMissing: return "An interactive element has no label."
        case .labelNotSpeakable: return "An interactive element's names have no letter or number to say."
        case .labelDuplicate: return "Two interactive elements of one screen have the same label."
        case .labelRepeatsTrait: return "A label ends with the word its trait already says."
        case .inputLabelsTooMany: return "An element has more than 4 input labels."
        case .targetTooSmall: return "An interactive element is smaller than the minimum tap target."
        case .adjustableValueMissing: return "An adjustable element has no value."
        case .imageUnlabelled: return "An image is neither labelled nor hidden."
        case .rowsNotCombined: return "List rows make several scan stops each where combining would make one."
        case .modalWithoutEscape: return "A modal view has no element that dismisses it or goes back."
        case .backOnStartScreen: return "An element of the screen the app starts on goes back or dismisses, with nothing to go back to."
        case .sheetFocusNotReturned: return "Dismissing a sheet does not return focus to the element that presented it."
        case .activationOverBudget: return "Reaching and activating an element takes longer than the budget with Switch Control."
        case .unreachable: return "An interactive element cannot be reached by one of the three technologies."
        }
    }

    /// What the rule checks, its threshold and its source (SARIF's
    /// `fullDescription` and `help`; docs/audit.md says the same at length).
    public var help: String {
        switch self {
        case .labelMissing:
            return "An element that responds to user interaction has no accessibilityLabel (nor one merged from its children). VoiceOver and Switch Control's speech have nothing to say, and Voice Control can show it only as a number. Source: GTXiLib 'Accessibility label', ATF SpeakableTextPresentCheck."
        case .labelNotSpeakable:
            return "None of an interactive element's names (its input labels, else its label) has a letter or number left after Voice Control's normalisation (SpokenText: NFKC, lower case, letters and numbers only): emoji and symbols only. Voice Control shows a number instead of a name. Source: Apple's advice to avoid special symbols in input labels."
        case .labelDuplicate:
            return "Two or more interactive elements of one screen have the same label, compared as Voice Control hears it (SpokenText). Saying the name brings up a numbered list to choose from, and a switch user hears the same name twice. Source: ATF DuplicateSpeakableTextCheck (a warning when clickable nodes share text)."
        case .labelRepeatsTrait:
            return "The label ends with the word VoiceOver already says for one of the element's traits: button 'button', link 'link', image 'image', searchField 'search field', header 'heading', adjustable 'adjustable', toggle 'switch button', tabBar 'tab bar', selected 'selected', notEnabled 'dimmed'. Compared as spoken words, case-insensitive. Source: GTXiLib 'Accessibility label-trait overlap' (button), ATF RedundantDescriptionCheck."
        case .inputLabelsTooMany:
            return "An element has more than 4 input labels (accessibilityUserInputLabels). Apple advises at most about 4 alternatives so speech recognition is not overloaded."
        case .targetTooSmall:
            return "The frame of an element that responds to user interaction is narrower or shorter than the minimum tap target: 44 × 44 pt on iOS (Apple's Human Interface Guidelines, GTXiLib 'Touch target size'), 48 × 48 dp on Android, where 32 dp is allowed in a dimension whose edge lies on the screen's edge (Material Design, ATF TouchTargetSizeCheck)."
        case .adjustableValueMissing:
            return "An interactive element with the adjustable trait has no accessibilityValue, so nobody hears its setting, nor what Increment and Decrement changed."
        case .imageUnlabelled:
            return "An element with the image trait has no label and is not hidden: VoiceOver lands on it and has nothing to say. Decoration should be hidden; an image that carries meaning needs a label. Source: A11yUITests imageLabel."
        case .rowsNotCombined:
            return "A row of a list (a child of an element with containerType list) holds several stops of the navigation order and does not combine them (childBehavior combine), so Switch Control scans each part of each row. Combined, each row is one stop and its other actions become custom actions. The finding counts the scan stops saved."
        case .modalWithoutEscape:
            return "A modal view (the isModal trait) traps navigation, and no stop inside it dismisses it, goes back, or clears its isModal trait, on activation or through a custom action: a switch or voice user cannot leave it."
        case .backOnStartScreen:
            return "An interactive element of the app's start screen has a back or dismiss effect, on activation or in a custom action. The app starts on that screen with nothing beneath it, so the effect has nothing to go back to: the model cannot carry it out (a run says so at the line that activated it, as an error of the app model), and in a real app such a button does nothing, or leaves the app. It is often a capture taken from a screen further in, with its Back button."
        case .sheetFocusNotReturned:
            return "For each element whose activation presents a sheet, and each element of the sheet whose activation dismisses it or goes back, the audit drives a session (Voice Control to act, Switch Control to watch): after the dismissal, the presenting screen must show and Switch Control's highlight must be on the element that presented the sheet, as the session's focus rule does when the dismissal is the last screen change of the action."
        case .activationOverBudget:
            return "The analytic scan-time benchmark (ScanBench, docs/scan-bench.md) with Switch Control's default settings (auto scanning, 1 s per item, groups of at most 6) and the default user (0.5 s reaction) takes longer than the budget (default 15 s, --budget) to reach and activate the element."
        case .unreachable:
            return "The scan-time benchmark of Switch Control, Full Keyboard Access or Voice Control, each at its default settings, cannot reach or activate an interactive element, for a reason other than the screen's present state (hidden, scrolled out, not enabled, behind a modal view): for example a container's accessibilityElements leaves it out, or no key or spoken command acts on it."
        }
    }

    /// How to fix a finding, in one sentence.
    public var fix: String {
        switch self {
        case .labelMissing: return "Give it an accessibilityLabel that says what it does in a word or two, such as 'Share'."
        case .labelNotSpeakable: return "Give it a label, or a first input label, made of words, such as 'Favorite' for a star."
        case .labelDuplicate: return "Make each label say what sets it apart, such as 'Edit Inbox', or combine the elements if they do the same thing."
        case .labelRepeatsTrait: return "Leave the trait's word out of the label ('Settings', not 'Settings button'); the trait is announced on its own."
        case .inputLabelsTooMany: return "Keep the 4 names people are most likely to say, the one shown on screen first."
        case .targetTooSmall: return "Make the tappable area at least the minimum, padding the hit area around a smaller visible icon."
        case .adjustableValueMissing: return "Give it an accessibilityValue that says its setting, such as '50%' or '3 stars'."
        case .imageUnlabelled: return "Give it a label if it carries meaning, or hide it from accessibility if it is decoration."
        case .rowsNotCombined: return "Combine each row into one element (childBehavior combine); its other buttons become custom actions."
        case .modalWithoutEscape: return "Add a Close or Cancel button that dismisses the view or goes back, and handle the escape gesture (accessibilityPerformEscape)."
        case .backOnStartScreen: return "Remove the back or dismiss effect from the start screen, or start the app on the screen beneath it and reach this one with goTo or present."
        case .sheetFocusNotReturned: return "End the dismissing action with the dismissal and keep the presenting element enabled, so focus returns to it."
        case .activationOverBudget: return "Bring the element earlier in the navigation order or cut the stops before it, by grouping them into containers or combining rows."
        case .unreachable: return "Make it a stop every technology reaches: list it in its container's accessibilityElements, give it a speakable name and an activation."
        }
    }
}
