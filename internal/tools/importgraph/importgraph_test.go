// Package importgraph checks that the codec packages link nothing but the
// standard library, the ordered map and this module's own packages, and
// that the transport adds the WebSocket library and nothing else.
package importgraph

import (
	"os/exec"
	"slices"
	"strings"
	"testing"
)

const module = "github.com/diverge-network/diverge-sdk-go"

// light are the packages a proxy or a provider server imports; each must stay
// free of go-sdk, HTTP clients and the like.
var light = []string{
	"wire", "errors", "answer", "mcpcontent", "secrets", "enqueue", "enqueue/legacy",
	"dequeue", "begin", "session", "chunk", "queue", "trace", "wiretap",
}

// orderedMap is github.com/wk8/go-ordered-map/v2 and exactly the packages it
// links itself (as `go list -deps` shows them).
var orderedMap = []string{
	"github.com/wk8/go-ordered-map/v2",
	"github.com/bahlo/generic-list-go",
	"github.com/buger/jsonparser",
	"github.com/mailru/easyjson/buffer",
	"github.com/mailru/easyjson/jwriter",
	"gopkg.in/yaml.v3",
}

// heavy are this module's packages that are allowed to link more, and that
// no light package may import.
var heavy = []string{module + "/mcpcontent/mcpsdk"}

// transport are this module's packages that may link the WebSocket library
// (the transport, and the proxy server and provider client built on it)
// as well as what a light package links; no light package may import them.
var transport = []string{"frame", "proxy", "provider", "proxytest"}

// webSocket is github.com/coder/websocket and exactly the packages it
// links itself (as `go list -deps` shows them).
var webSocket = []string{
	"github.com/coder/websocket",
	"github.com/coder/websocket/internal/bpool",
	"github.com/coder/websocket/internal/errd",
	"github.com/coder/websocket/internal/util",
}

type pkg struct {
	standard bool
	deps     []string
}

// list runs `go list -deps` on patterns and returns every package seen.
func list(t *testing.T, patterns ...string) map[string]pkg {
	t.Helper()
	goTool, err := exec.LookPath("go")
	if err != nil {
		t.Skip("go tool not found:", err)
	}
	args := append([]string{"list", "-deps", "-f", `{{.ImportPath}}|{{.Standard}}|{{join .Deps ","}}`}, patterns...)
	cmd := exec.Command(goTool, args...)
	cmd.Dir = "../../.."
	out, err := cmd.Output()
	if err != nil {
		if ee, ok := err.(*exec.ExitError); ok {
			t.Fatalf("go list: %v\n%s", err, ee.Stderr)
		}
		t.Fatalf("go list: %v", err)
	}
	pkgs := map[string]pkg{}
	for line := range strings.Lines(strings.TrimSpace(string(out))) {
		f := strings.SplitN(strings.TrimSpace(line), "|", 3)
		if len(f) != 3 {
			t.Fatalf("go list: unexpected line %q", line)
		}
		var deps []string
		if f[2] != "" {
			deps = strings.Split(f[2], ",")
		}
		pkgs[f[0]] = pkg{standard: f[1] == "true", deps: deps}
	}
	return pkgs
}

// allowed reports whether a light package may link path.
func allowed(path string, pkgs map[string]pkg) bool {
	if pkgs[path].standard || slices.Contains(orderedMap, path) {
		return true
	}
	own := path == module || strings.HasPrefix(path, module+"/")
	return own && !slices.Contains(heavy, path) && !slices.Contains(transport, strings.TrimPrefix(path, module+"/"))
}

// allowedTransport reports whether a transport package may link path.
func allowedTransport(path string, pkgs map[string]pkg) bool {
	return allowed(path, pkgs) || slices.Contains(webSocket, path) ||
		slices.Contains(transport, strings.TrimPrefix(path, module+"/"))
}

// TestTransportImports fails if a transport package links anything a light
// package may not, other than the WebSocket library's closure.
func TestTransportImports(t *testing.T) { checkLinks(t, transport, allowedTransport) }

// TestLightImports fails if a codec package links anything outside the
// standard library, the ordered map's closure and this module.
func TestLightImports(t *testing.T) { checkLinks(t, light, allowed) }

// checkLinks fails for each package of names (this module's, relative)
// that links a package ok refuses.
func checkLinks(t *testing.T, names []string, ok func(string, map[string]pkg) bool) {
	t.Helper()
	var patterns []string
	for _, p := range names {
		patterns = append(patterns, module+"/"+p)
	}
	pkgs := list(t, patterns...)
	for _, p := range patterns {
		info, listed := pkgs[p]
		if !listed {
			t.Errorf("%s: not listed", p)
			continue
		}
		for _, d := range info.deps {
			if !ok(d, pkgs) {
				t.Errorf("%s links %s", strings.TrimPrefix(p, module+"/"), d)
			}
		}
	}
}

// TestEveryPublicPackageChecked makes sure a new public package is added to
// light (or to heavy) rather than escaping the check.
func TestEveryPublicPackageChecked(t *testing.T) {
	pkgs := list(t, "./...")
	for path, info := range pkgs {
		if info.standard || !strings.HasPrefix(path, module+"/") {
			continue
		}
		rel := strings.TrimPrefix(path, module+"/")
		if strings.HasPrefix(rel, "internal/") || strings.HasPrefix(rel, "cmd/") || slices.Contains(heavy, path) {
			continue
		}
		if !slices.Contains(light, rel) && !slices.Contains(transport, rel) {
			t.Errorf("%s is in none of light, transport and heavy", rel)
		}
	}
}

// TestCheckSeesHeavyImports guards the check itself: the go-sdk conversion
// does link go-sdk and the transport the WebSocket library, so the light
// rule must flag both.
func TestCheckSeesHeavyImports(t *testing.T) {
	checked := slices.Clone(heavy)
	for _, p := range transport {
		checked = append(checked, module+"/"+p)
	}
	pkgs := list(t, checked...)
	for _, h := range checked {
		bad := 0
		for _, d := range pkgs[h].deps {
			if !allowed(d, pkgs) && d != h {
				bad++
			}
		}
		if bad == 0 {
			t.Errorf("%s: expected disallowed dependencies, found none", h)
		}
	}
}

// families are this module's frame families and the packages built on
// them: what the ground floor of internal/ sits below.
var families = []string{
	"errors", "answer", "mcpcontent", "secrets", "enqueue", "enqueue/legacy", "dequeue",
	"begin", "chunk", "queue", "trace", "session", "frame", "proxy", "provider",
	"proxytest", "wiretap",
}

// TestGroundFloorImportsNoFamily fails if a package under internal/, other
// than the tools in internal/tools, links a family (directly or through
// another package): the families import the ground floor, so it must not
// import them back. Test files do not count.
func TestGroundFloorImportsNoFamily(t *testing.T) {
	pkgs := list(t, "./internal/...")
	floor := 0
	for path := range pkgs {
		rel, ok := strings.CutPrefix(path, module+"/")
		if !ok || !strings.HasPrefix(rel, "internal/") || strings.HasPrefix(rel, "internal/tools/") {
			continue
		}
		floor++
		for _, d := range pkgs[path].deps {
			if dep, own := strings.CutPrefix(d, module+"/"); own && slices.Contains(families, dep) {
				t.Errorf("%s links the family %s", rel, dep)
			}
		}
	}
	if floor == 0 {
		t.Error("no package found under internal/ outside internal/tools")
	}
}
