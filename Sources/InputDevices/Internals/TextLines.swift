/// The lines of a text file (evemu recordings, SDL GameControllerDB files),
/// split at LF or CRLF: Swift holds "\r\n" as one `Character`, so splitting
/// at "\n" alone would read a CRLF file as a single line.
func lines(of text: String) -> [Substring] {
    text.split(omittingEmptySubsequences: false, whereSeparator: { $0 == "\n" || $0 == "\r\n" })
}
