/// A count and its noun as English reads them: `1 stop`, `2 stops`,
/// `0 stops`. The one rule for every count the tool prints.
public enum Plural {
    /// `noun` as it goes with `n`: the singular for exactly 1, else the plural.
    /// - Parameters:
    ///   - n: the count.
    ///   - singular: the noun for one (`stop`).
    ///   - plural: the noun for any other count; `singular` + `s` when absent.
    /// - Returns: `stop` or `stops`.
    public static func noun(_ n: Int, _ singular: String, _ plural: String? = nil) -> String {
        n == 1 ? singular : (plural ?? singular + "s")
    }

    /// The count and its noun: `1 stop`, `3 stops`, `1 match`, `2 matches`
    /// (with `plural: "matches"`).
    /// - Parameters:
    ///   - n: the count.
    ///   - singular: the noun for one.
    ///   - plural: the noun for any other count; `singular` + `s` when absent.
    public static func count(_ n: Int, _ singular: String, _ plural: String? = nil) -> String {
        "\(n) " + noun(n, singular, plural)
    }

    /// `noun` as it goes with a figure already written as text (`1`,
    /// `2.5`, `0.999`): the singular when the text reads exactly `1`, as a
    /// reader sees it (`1 step`, `1.5 steps`).
    public static func noun(figure: String, _ singular: String, _ plural: String? = nil) -> String {
        figure == "1" ? singular : (plural ?? singular + "s")
    }
}
