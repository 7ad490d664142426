import ScreenModel

/// The rules about names: what VoiceOver and Switch Control's speech say,
/// and what Voice Control and Full Keyboard Access's Find match
/// (`label-missing`, `label-not-speakable`, `label-duplicate`,
/// `label-repeats-trait`, `input-labels-too-many`). Names are compared as
/// Voice Control hears them: `SpokenText`, the one rule.
enum LabelRules {
    /// `label-missing` and `label-not-speakable`: an interactive element
    /// with no label, or whose names (input labels, else the label) are all
    /// unspeakable.
    static func missingOrUnspeakable(_ f: ScreenFacts) -> [Finding] {
        var out: [Finding] = []
        for k in f.interactive {
            let label = f.screen.label(of: k) ?? ""
            if label.allSatisfy(\.isWhitespace) {
                out.append(Finding(.labelMissing, k, f, "interactive element has no label; Voice Control can show it only as a number, and speech has nothing to say"))
            } else if !f.screen.inputLabels(of: k).contains(where: SpokenText.isSpeakable) {
                let names = f.screen.inputLabels(of: k).map { "'\($0)'" }.joined(separator: ", ")
                out.append(Finding(.labelNotSpeakable, k, f, "\(names) has no letter or number to say (emoji or symbols only); Voice Control shows a number instead of a name"))
            }
        }
        return out
    }

    /// `label-duplicate`: interactive elements of the screen whose labels
    /// Voice Control hears as the same words; reported on each after the
    /// first, naming the first.
    static func duplicates(_ f: ScreenFacts) -> [Finding] {
        var first: [String: ElementIndex] = [:]
        var out: [Finding] = []
        for k in f.interactive {
            guard let label = f.screen.label(of: k) else { continue }
            let spoken = SpokenText.normalize(label)
            if spoken.isEmpty { continue }
            if let earlier = first[spoken] {
                out.append(Finding(.labelDuplicate, k, f, "label '\(label)' is also the label of \(f.name(earlier)) at \(f.paths.path(of: earlier)); saying it brings up a numbered list to choose from"))
            } else {
                first[spoken] = k
            }
        }
        return out
    }

    /// The words VoiceOver says for a trait, as `SpokenText` writes them
    /// (docs/audit.md, `label-repeats-trait`).
    static let traitWords: [(Trait, String)] = [
        (.button, "button"), (.link, "link"), (.image, "image"), (.searchField, "search field"),
        (.header, "heading"), (.adjustable, "adjustable"), (.toggle, "switch button"), (.tabBar, "tab bar"),
        (.selected, "selected"), (.notEnabled, "dimmed"),
    ]

    /// `label-repeats-trait`: a label that ends with the words of one of
    /// the element's traits, as whole spoken words (`Settings button`,
    /// `PLAY-BUTTON`; not `Rebutton`).
    static func repeatsTrait(_ f: ScreenFacts) -> [Finding] {
        var out: [Finding] = []
        for k in f.visible {
            guard let label = f.screen.label(of: k) else { continue }
            let traits = f.screen.traits(of: k)
            if traits.isEmpty { continue }
            let spoken = SpokenText.normalize(label)
            for (trait, word) in traitWords where traits.contains(trait) {
                guard spoken == word || spoken.hasSuffix(" " + word) else { continue }
                out.append(Finding(.labelRepeatsTrait, k, f, "label '\(label)' ends with '\(word)', which VoiceOver already says for the \(trait.rawValue) trait"))
                break
            }
        }
        return out
    }

    /// `input-labels-too-many`: more input labels than Apple advises.
    static func tooManyInputLabels(_ f: ScreenFacts) -> [Finding] {
        let most = AuditSettings.maximumInputLabels
        return f.visible.compactMap { k in
            let n = f.screen.elements[k].inputLabels.filter { !$0.isEmpty }.count
            guard n > most else { return nil }
            return Finding(.inputLabelsTooMany, k, f, "\(n) input labels; Apple advises at most about \(most), so that speech recognition is not overloaded")
        }
    }
}
