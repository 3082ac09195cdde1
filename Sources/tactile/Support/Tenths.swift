extension Double {
    /// To a tenth, without a trailing `.0`: how `info` and `devices` print millimetres.
    var tenths: String {
        let r = (self * 10).rounded() / 10
        return r == r.rounded() ? String(Int(r)) : String(r)
    }
}
