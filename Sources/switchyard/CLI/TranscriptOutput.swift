import Glibc
import SwitchyardEngine
import Transcript

extension TranscriptLines {
    /// Hands the lines written so far to `body` (`run`, `live` and `replay`
    /// write their transcripts this way). A line cut short for want of
    /// memory fails `output`, which reports it at its commit (exit 2).
    mutating func hand(failing output: OutputFile?, to body: (UnsafeRawBufferPointer) -> Void) {
        if !isComplete { output?.fail(SystemError(code: ENOMEM)) }
        drain(body)
    }
}
