package matcher

// WithoutSpares is res without the arrays EvaluateInto keeps for the next
// URL, which no reader of a Result sees: what EvaluateTarget returns.
func WithoutSpares(res Result) Result {
	res.matches, res.refs = nil, nil
	return res
}

// LinesStored says whether f holds its lines, or stores them when they are
// first read (ParseOptions.SkipLineModel).
func LinesStored(f *File) bool { return f.lazy == nil }
