package decimal

import (
	"bufio"
	"flag"
	"fmt"
	"math"
	"os"
	"strconv"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"
)

var update = flag.Bool("update", false, "rewrite testdata/oracle.txt from the real oracle ($RUSTREF_REAL)")

const tableFile = "testdata/oracle.txt"

// tableStrings are the interesting log-probability strings; their answers
// are the oracle's, kept in testdata/oracle.txt.
var tableStrings = []string{
	// the usual
	"-0.25", "-0.2500", "0", "1", "-1", "+1", "1.0", "-0.0000001", "123456.789",
	// zeros: never negative, scale kept
	"-0", "+0", "-0.00", "0.0000000000000000000000000000", "-0e5", "0.00e1", "0.00e5", "-0.0e-3",
	// leading zeros, a point at either end, underscores
	"007", "-00.50", ".5", "-.5", "+.5", "5.", "-5.", "1_000", "1__0.0_1", "1_", "1._", "5._5",
	// no digits, signs in the wrong place, empty
	"", ".", "-", "+", "-.", "_1", "-_1", "+-1", "--1", "1-", "1+", " 1", "1 ", "1.2.3", "..1", "1..",
	// 28 fraction digits, and what comes after: the 29th rounds half up, the rest is ignored
	"0.1234567890123456789012345678",
	"0.12345678901234567890123456784", "0.12345678901234567890123456785",
	"-0.12345678901234567890123456785", "0.12345678901234567890123456789x",
	"0.123456789012345678901234567849999", "0.9999999999999999999999999999999",
	"0.1234567890123456789012345678.+00", "0.1234567890123456789012345678x",
	"0.1234567890123456789012345678_5", "0.1234567890123456789012345678__9", "0.1234567890123456789012345678_",
	"0.0000000000000000000000000001_9", "0.0000000000000000000000000000_9",
	"0.00000000000000000000000000005", "0.00000000000000000000000000004", "-0.00000000000000000000000000005",
	"0.000000000000000000000000000000000001",
	// the 17/18-byte switch to the checked path
	"0.000000000000001", "0.0000000000000001", "12345678901234567", "123456789012345678",
	// around 2^96 = 79228162514264337593543950336
	"79228162514264337593543950335", "-79228162514264337593543950335", "79228162514264337593543950336",
	"79228162514264337593543950335.4", "79228162514264337593543950335.5",
	"7922816251426433759354395033.55", "7922816251426433759354395033.54", "-7922816251426433759354395033.59",
	"7.9228162514264337593543950335", "7.92281625142643375935439503355", "0.79228162514264337593543950335",
	"792281625142643375935439503350", "000079228162514264337593543950335.00",
	"79228162514264337593543950335_", "79228162514264337593543950335.", "7922816251426433759354395033_5.5",
	// scientific
	"1e-3", "1E-3", "1e3", "1.5e1", "1.50e1", "1.50e3", "-1.5e-2", "1e0", "1e+3", "1e-+3", "1e--3", "1e+-3",
	"1e", "e1", "1e-", "1e+", "1e28", "1e29", "1e-28", "1e-29", "1.5e-28", "0.5e-27", "1e4294967295",
	"1e4294967296", "1e00000000000000000000000003", "1e3 ", "1e 3", "1e3.0", "1e1_0", "1e5e5", "1_0e1",
	"7.9228162514264337593543950335e28", "7.9228162514264337593543950336e28", "79228162514264337593543950335e0",
	"7922816251426433759354395033.5e1", "0.12345678901234567890123456789e5", "0.1234567890123456789012345678e5",
	"0.1234567890123456789012345678e-1", "1.23456e3", "-0.000e28",
	// not ASCII
	"\u0663", "１", "\u22121", "1\u00a0",
}

// tableNumbers are the interesting JSON numbers (see tableStrings).
var tableNumbers = []string{
	"0", "-0", "1", "-1", "1234", "1234.56", "-0.25", "1e-7", "1E-7", "0.30000000000000004", "0.1", "-0.0",
	"18446744073709551615", "18446744073709551616", "-9223372036854775808", "-9223372036854775809",
	"100000000000000000000", "1e20", "1e28", "1e29", "79228162514264337593543950335", "7.922816251426434e28",
	"7.922816251426433e28", "123456789012345678901234567890",
	"5e-324", "-5e-324", "2.2250738585072014e-308", "1e-28", "5e-29", "4e-29", "1.5e-28", "1e-300",
	"1.7976931348623157e308", "0.1e1", "1.0", "100.0", "1e0", "-1e0",
	"0.12345678901234567890123456789", "-2.718281828459045", "-1.0000000000000002",
	// exactly halfway between the two closest shortest texts: Rust's Display takes the upper
	"1453193255712810.25", "-17612517111144.0625", "1520968096514887.25", "1520968096514887.75",
	"562949953421312.125", "562949953421312.375", "-0.000000000000000000000000001", "9007199254740993",
}

// TestOracleTable checks ParseString and the number constructors against
// the oracle's answers kept in testdata/oracle.txt. That file is made by
//
//	RUSTREF_REAL=path/to/real-model/rustref go test ./internal/decimal -run TestOracleTable -update
//
// which asks the oracle about every input of tableStrings and tableNumbers
// (and, for a number, which f64 serde_json made of it) and writes its
// answers; nothing in it is typed by hand.
func TestOracleTable(t *testing.T) {
	if *update {
		writeTable(t, realOracle(t))
	}
	rows := readTable(t)
	var strs, nums []string
	for _, row := range rows {
		switch row.kind {
		case "str":
			strs = append(strs, row.input)
			require.Equal(t, row.verdict, verdict(ParseString([]byte(row.input))), "ParseString(%q)", row.input)
		case "num":
			nums = append(nums, row.input)
			require.Equal(t, row.verdict, verdict(fromNumber(row.input, row.f64)), "number %s (f64 %v)", row.input, row.f64)
		default:
			t.Fatalf("row kind %q", row.kind)
		}
	}
	require.Equal(t, tableStrings, strs, "%s is stale: regenerate it (-update)", tableFile)
	require.Equal(t, tableNumbers, nums, "%s is stale: regenerate it (-update)", tableFile)
}

type tableRow struct {
	kind    string // "str" or "num"
	input   string
	f64     float64 // num: serde_json's f64 (NaN for an integer it keeps)
	verdict string
}

func writeTable(t *testing.T, path string) {
	var b strings.Builder
	b.WriteString("# The real oracle's answers for TestOracleTable; made by `go test -run TestOracleTable -update`\n")
	b.WriteString("# with RUSTREF_REAL set to the real model's rustref. Do not edit.\n")
	b.WriteString("# kind<TAB>input (Go-quoted)<TAB>serde_json's f64 bits (numbers; - for integers)<TAB>verdict\n")
	for i, v := range askStrings(t, path, tableStrings) {
		fmt.Fprintf(&b, "str\t%s\t-\t%s\n", strconv.Quote(tableStrings[i]), v)
	}
	for i, a := range askNumbers(t, path, tableNumbers) {
		bitsText := "-"
		if a.isF64 {
			bitsText = strconv.FormatUint(math.Float64bits(a.f64), 16)
		}
		fmt.Fprintf(&b, "num\t%s\t%s\t%s\n", strconv.Quote(tableNumbers[i]), bitsText, a.verdict)
	}
	require.NoError(t, os.WriteFile(tableFile, []byte(b.String()), 0o644))
}

func readTable(t *testing.T) []tableRow {
	f, err := os.Open(tableFile)
	require.NoError(t, err)
	defer f.Close()
	var rows []tableRow
	sc := bufio.NewScanner(f)
	for sc.Scan() {
		line := sc.Text()
		if line == "" || strings.HasPrefix(line, "#") {
			continue
		}
		fields := strings.SplitN(line, "\t", 4)
		require.Len(t, fields, 4, "line %q", line)
		input, err := strconv.Unquote(fields[1])
		require.NoError(t, err, "line %q", line)
		row := tableRow{kind: fields[0], input: input, f64: math.NaN(), verdict: fields[3]}
		if fields[2] != "-" {
			bitsValue, err := strconv.ParseUint(fields[2], 16, 64)
			require.NoError(t, err, "line %q", line)
			row.f64 = math.Float64frombits(bitsValue)
		}
		rows = append(rows, row)
	}
	require.NoError(t, sc.Err())
	require.NotEmpty(t, rows)
	return rows
}
