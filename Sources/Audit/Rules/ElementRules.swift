import ScreenModel

/// The rules about one element at a time beyond its names: its size
/// (`target-too-small`), its value (`adjustable-value-missing`), and images
/// (`image-unlabelled`).
enum ElementRules {
    /// `target-too-small`: an interactive element's frame (as shown, after
    /// scrolling) narrower or shorter than the platform's minimum. On
    /// Android a dimension whose edge lies on the screen's edge needs only
    /// `AuditSettings.minimumTargetAtScreenEdge`.
    static func targetSize(_ f: ScreenFacts) -> [Finding] {
        let platform = f.app.platform
        let minimum = AuditSettings.minimumTarget(on: platform)
        let unit = platform.unit
        let source: String
        switch platform {
        case .iOS: source = "Apple's Human Interface Guidelines"
        case .android: source = "Material Design"
        case .linux: source = "WCAG 2.2 Target Size (Minimum)"
        }
        let screen = f.screen.size
        var out: [Finding] = []
        for k in f.interactive {
            let r = f.screen.frames[k]
            var needWidth = minimum
            var needHeight = minimum
            if platform == .android {
                let edge = AuditSettings.minimumTargetAtScreenEdge
                if r.minX <= screen.minX || r.maxX >= screen.maxX { needWidth = edge }
                if r.minY <= screen.minY || r.maxY >= screen.maxY { needHeight = edge }
            }
            guard r.width < needWidth || r.height < needHeight else { continue }
            let n = Point.format
            var message = "tap target is \(n(r.width))×\(n(r.height)) \(unit), under the \(n(minimum))×\(n(minimum)) \(unit) minimum (\(source))"
            if needWidth != minimum || needHeight != minimum {
                message += "; \(n(AuditSettings.minimumTargetAtScreenEdge)) \(unit) at the screen's edge"
            }
            out.append(Finding(.targetTooSmall, k, f, message))
        }
        return out
    }

    /// `adjustable-value-missing`: an interactive adjustable element (own or
    /// merged trait) with no value, or an empty one.
    static func adjustableValue(_ f: ScreenFacts) -> [Finding] {
        f.interactive.compactMap { k in
            guard f.screen.traits(of: k).contains(.adjustable), (f.screen.value(of: k) ?? "").isEmpty else { return nil }
            return Finding(.adjustableValueMissing, k, f, "adjustable element \(f.name(k)) has no value; nobody hears its setting, nor what Increment and Decrement changed")
        }
    }

    /// `image-unlabelled`: an element with the image trait, not hidden,
    /// with no label. An interactive one is `label-missing`'s instead.
    static func unlabelledImage(_ f: ScreenFacts) -> [Finding] {
        f.visible.compactMap { k in
            guard f.screen.traits(of: k).contains(.image), (f.screen.label(of: k) ?? "").allSatisfy(\.isWhitespace),
                  !f.screen.respondsToUserInteraction(k) else { return nil }
            return Finding(.imageUnlabelled, k, f, "image has no label and is not hidden; VoiceOver lands on it with nothing to say")
        }
    }
}
