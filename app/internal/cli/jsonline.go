//go:build !wasm

package cli

import "encoding/json"

// jsonLine marshals v as one line of JSON, with DEL and the C1 controls,
// which encoding/json writes raw, escaped (jsonSafe).
func jsonLine(v any) ([]byte, error) {
	b, err := json.Marshal(v)
	if err != nil {
		return nil, err
	}
	return append(jsonSafe(b), '\n'), nil
}
