import Foundation
import Testing
@testable import ScreenModel

/// The documentation's schema and examples agree with the code.
@Suite struct DocsTests {
    func schema() throws -> JSONDocument {
        let data = try Data(contentsOf: repoRoot.appendingPathComponent("docs/screen-model.schema.json"))
        return try JSONDocument(bytes: Array(data))
    }

    /// The string array at `path` (object keys) in the schema.
    func strings(_ doc: JSONDocument, _ path: [String]) throws -> [String] {
        var i = doc.root
        for key in path { i = try #require(doc.members(i).first { $0.key == key }?.value, "\(path)") }
        return doc.elements(i).compactMap { doc.string($0) }
    }

    @Test func schemaTraitEnumIsTraitAllCases() throws {
        #expect(try strings(try schema(), ["$defs", "trait", "enum"]) == Trait.allCases.map(\.rawValue))
    }

    @Test func schemaEffectKindsAreEffectKinds() throws {
        #expect(try strings(try schema(), ["$defs", "effectKind", "enum"]) == Effect.kinds)
    }

    @Test func schemaEnumsMatchTheModel() throws {
        let doc = try schema()
        #expect(try strings(doc, ["$defs", "childBehavior", "enum"]) == ChildBehavior.allCases.map(\.rawValue))
        #expect(try strings(doc, ["$defs", "containerType", "enum"]) == ContainerType.allCases.map(\.rawValue))
        var i = doc.root
        for key in ["$defs", "element", "properties"] { i = try #require(doc.members(i).first { $0.key == key }?.value) }
        #expect(Set(doc.members(i).map(\.key)) == Set(AppDecoder.elementFields))
    }

    @Test(arguments: ["corner-cafe-mini.json", "settings.json", "rtl-inbox.json"])
    func exampleAppsLoadAndRoundTrip(_ name: String) throws {
        let data = try Data(contentsOf: repoRoot.appendingPathComponent("Examples/apps/\(name)"))
        let app = try AppDecoder(file: name).decode(Array(data))
        #expect(try decode(AppEncoder().encode(app)) == app)
    }
}

@Suite struct WorkedExampleTests {
    @Test(arguments: NavigationStyle.allCases)
    func workedExampleStops(_ technology: NavigationStyle) throws {
        let data = try Data(contentsOf: repoRoot.appendingPathComponent("Examples/apps/corner-cafe-mini.json"))
        let app = try AppDecoder(file: "corner-cafe-mini.json").decode(Array(data))
        let expected: [(String, [String])] = [
            ("menu", ["Latte, €3.50", "View Order"]), ("detail", ["Back", "Size", "Oat milk"]), ("order-sheet", ["Close", "Pay €3.50"]),
        ]
        for (name, labels) in expected {
            let s = try #require(app.screen(named: name))
            #expect(s.labels(NavigationOrder(screen: s, style: technology).stops) == labels, "\(name)")
        }
    }
}
