package version

import (
	"runtime/debug"
	"testing"
)

func TestVersionFrom(t *testing.T) {
	vcs := func(rev, modified string) *debug.BuildInfo {
		return &debug.BuildInfo{Main: debug.Module{Version: "(devel)"}, Settings: []debug.BuildSetting{
			{Key: "vcs.revision", Value: rev}, {Key: "vcs.modified", Value: modified}}}
	}
	tests := []struct {
		name string
		set  string
		info *debug.BuildInfo
		ok   bool
		want string
	}{
		{"set with -ldflags", "v1.2.3", vcs("0123456789abcdef", "false"), true, "v1.2.3"},
		{"module version", "", &debug.BuildInfo{Main: debug.Module{Version: "v0.4.0"}}, true, "v0.4.0"},
		{"vcs revision", "", vcs("0123456789abcdef0123", "false"), true, "0123456789ab"},
		{"dirty tree", "", vcs("0123456789abcdef0123", "true"), true, "0123456789ab+dirty"},
		{"nothing known", "", &debug.BuildInfo{Main: debug.Module{Version: "(devel)"}}, true, "devel"},
		{"no build info", "", nil, false, "devel"},
	}
	for _, tt := range tests {
		if got := versionFrom(tt.set, tt.info, tt.ok); got != tt.want {
			t.Errorf("%s: %q, want %q", tt.name, got, tt.want)
		}
	}
}
