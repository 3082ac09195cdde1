import TactileJSON

extension JSONOutput {
    /// The start every trace and output line shares: `{"t":SECONDS,"dev":ID`.
    @inlinable public mutating func lineHead(time: Timestamp, device: Int) {
        raw("{\"t\":")
        seconds(time.microseconds)
        raw(",\"dev\":")
        int(Int64(device))
    }
}
