import TempoFormats

/// libFuzzer entry: the input is a whole TCX file (see `ActivityHarness`).
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafeRawPointer, _ size: Int) -> CInt {
    ActivityHarness.run(FuzzInput(data, size), format: .tcx)
    return 0
}
