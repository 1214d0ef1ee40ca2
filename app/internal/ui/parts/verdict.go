package parts

// VerdictText pairs each verdict with a shape, so it reads without colour.
func VerdictText(v string) string {
	switch v {
	case "allowed":
		return "✔ allowed"
	case "disallowed":
		return "✘ disallowed"
	}
	return "? not a URL"
}
