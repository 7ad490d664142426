import Diagnostics

extension ExpectationFailure {
    /// The failure in the one diagnostic shape:
    /// `checkout.swy:4:1: error: expected screen 'cart', but the current screen is 'home'`.
    public var diagnostic: Diagnostic { Diagnostic(.error, message, at: position) }
}
