// Package words writes the small pieces of English the explanations of
// the core and of the readings share: counts, lists of numbers, a capital.
package words

import "strconv"

// Count is "1 unit" or "n units": n of a unit whose plural takes an s.
func Count(n int, unit string) string {
	if n == 1 {
		return "1 " + unit
	}
	return strconv.Itoa(n) + " " + unit + "s"
}

// Characters counts n characters: "1 character", "3 characters".
func Characters(n int) string { return Count(n, "character") }

// Octets counts n octets: "1 octet", "3 octets".
func Octets(n int) string { return string(AppendOctets(nil, n)) }

// AppendOctets appends Octets(n) to b.
func AppendOctets(b []byte, n int) []byte {
	if n == 1 {
		return append(b, "1 octet"...)
	}
	b = strconv.AppendInt(b, int64(n), 10)
	return append(b, " octets"...)
}

// JoinInts writes numbers as "1, 2 and 3".
func JoinInts(v []int) string {
	s := ""
	for i, n := range v {
		switch {
		case i == 0:
		case i == len(v)-1:
			s += " and "
		default:
			s += ", "
		}
		s += strconv.Itoa(n)
	}
	return s
}

// Capitalize upper-cases s's first letter when it is an ASCII lower-case
// one, to start a sentence with it.
func Capitalize(s string) string {
	if s == "" || s[0] < 'a' || s[0] > 'z' {
		return s
	}
	return string(s[0]-'a'+'A') + s[1:]
}
