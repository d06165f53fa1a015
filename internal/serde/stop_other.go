//go:build !amd64 || purego

package serde

// vecStop is false here: the portable search is used.
func vecStop(b []byte, i int) (int, bool) { return 0, false }

// stopBitsVec and specialVec are never called here (useAVX2 stays false);
// they are the portable searches, so that the code that would call them
// reads the same on every platform.
func stopBitsVec(b []byte) uint64 { return stopBits(b) }

func specialVec(b []byte, i int) int {
	for i < len(b) && strClass[b[i]]&^multi == plain {
		i++
	}
	return i
}
