import ScreenModel

/// The built-in demo app, "Corner Café": a product list with combined rows, a
/// product screen with adjustable controls and custom actions, a cart sheet
/// and a receipt. Embedded in the binary, so `switchyard` works with no files.
public enum DemoApp {
    /// The file name shown in messages.
    public static let fileName = "demo-app.json"

    /// The demo app's JSON text.
    public static var json: [UInt8] { PackageResources.demo_app_json }

    /// The decoded demo app.
    public static func load() -> AppModel {
        do {
            return try AppDecoder(file: fileName).decode(json)
        } catch {
            preconditionFailure("the embedded demo app is valid (tested): \(error)")
        }
    }
}
