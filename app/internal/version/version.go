// Package version says which build of the explorer made a decision
// record: the CLI's records and the page's carry the same version.
package version

import "runtime/debug"

// version is the tool's version. Set it at build time with
//
//	go build -ldflags "-X robots-explorer/app/internal/version.version=v1.2.3" ./app
//
// When it is not set, Tool reads the build information instead.
var version string

// Tool returns the version that decision records carry.
func Tool() string {
	info, ok := debug.ReadBuildInfo()
	return versionFrom(version, info, ok)
}

// versionFrom prefers the version set at build time; then the module
// version (go install module@version, or the VCS-derived version the go
// command stamps when building in a repository); then the VCS revision
// ("+dirty" when the tree had uncommitted changes); else "devel".
func versionFrom(set string, info *debug.BuildInfo, ok bool) string {
	if set != "" {
		return set
	}
	if !ok || info == nil {
		return "devel"
	}
	if v := info.Main.Version; v != "" && v != "(devel)" {
		return v
	}
	var rev, modified string
	for _, s := range info.Settings {
		switch s.Key {
		case "vcs.revision":
			rev = s.Value
		case "vcs.modified":
			modified = s.Value
		}
	}
	if rev == "" {
		return "devel"
	}
	if len(rev) > 12 {
		rev = rev[:12]
	}
	if modified == "true" {
		rev += "+dirty"
	}
	return rev
}
