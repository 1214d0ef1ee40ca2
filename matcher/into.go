package matcher

// EvaluateInto is EvaluateTarget into res, which it overwrites: res then
// holds what EvaluateTarget returns, and refers to t. The RFC 9309 reading
// reuses the arrays res holds from an earlier call, so that deciding URL
// after URL into one Result allocates nothing per URL once the arrays
// have grown: a check of a million URLs would otherwise make a Result,
// its matches and its candidates for each, and the collector that frees
// them would run on the second core beside the check. What res held
// before, including its Matches, is not valid after the call.
func (f *File) EvaluateInto(res *Result, token string, t *Target) { f.into(res, token, t, true) }

// impl is the reading that parsed f, which evaluates it.
func (f *File) impl() Reader {
	if f.reader == nil {
		return readerOrRFC(f.Reading)
	}
	return f.reader
}

// DecideInto is EvaluateInto without the sentence of a verdict no rule
// decided, which the RFC 9309 reading leaves out (Explanation empty) for
// AppendExplanation to write: most URLs of a check match no rule, and
// their sentence, which holds the path, would be a string per URL.
func (f *File) DecideInto(res *Result, token string, t *Target) { f.into(res, token, t, false) }

func (f *File) into(res *Result, token string, t *Target, explain bool) {
	impl := f.impl()
	if rfc, ok := impl.(rfc9309); ok {
		rfc.evaluateInto(f, token, t, res, explain)
		return
	}
	matches, refs := res.matches, res.refs
	*res = *impl.Evaluate(f, token, t)
	res.matches, res.refs = matches, refs
}
