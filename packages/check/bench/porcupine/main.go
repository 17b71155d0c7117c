package main

import (
	"bufio"
	"encoding/json"
	"fmt"
	"hash/fnv"
	"math"
	"os"
	"sort"
	"strconv"
	"syscall"
	"time"

	"github.com/anishathalye/porcupine"
)

type line struct {
	Client   int      `json:"client"`
	Call     float64  `json:"call"`
	Return   *float64 `json:"return"`
	Op       string   `json:"op"`
	Key      string   `json:"key"`
	Value    *string  `json:"value"`
	Expected *string  `json:"expected"`
	Output   *string  `json:"output"`
	Ok       *bool    `json:"ok"`
}

type kvIn struct {
	op    uint8
	key   string
	value string
}
type kvOut struct {
	value   string
	unknown bool
}

type regIn struct {
	op       uint8 // 0 read 1 write 2 cas
	value    *string
	expected string
}
type regOut struct {
	value   *string
	ok      bool
	unknown bool
}

var kvModel = porcupine.Model{
	Partition: func(history []porcupine.Operation) [][]porcupine.Operation {
		m := make(map[string][]porcupine.Operation)
		for _, v := range history {
			key := v.Input.(kvIn).key
			m[key] = append(m[key], v)
		}
		keys := make([]string, 0, len(m))
		for k := range m {
			keys = append(keys, k)
		}
		sort.Strings(keys)
		ret := make([][]porcupine.Operation, 0, len(keys))
		for _, k := range keys {
			ret = append(ret, m[k])
		}
		return ret
	},
	Init: func() interface{} { return "" },
	Step: func(state, input, output interface{}) (bool, interface{}) {
		inp := input.(kvIn)
		out := output.(kvOut)
		st := state.(string)
		if inp.op == 0 {
			return out.unknown || out.value == st, state
		} else if inp.op == 1 {
			return true, inp.value
		}
		return true, st + inp.value
	},
	Hash: func(state interface{}) uint64 {
		h := fnv.New64a()
		h.Write([]byte(state.(string)))
		return h.Sum64()
	},
	Equal: func(a, b interface{}) bool { return a.(string) == b.(string) },
}

// register state: *string encoded as string with a prefix ("" = empty register)
var regModel = porcupine.Model{
	Init: func() interface{} { return "" },
	Step: func(state, input, output interface{}) (bool, interface{}) {
		inp := input.(regIn)
		out := output.(regOut)
		st := state.(string)
		switch inp.op {
		case 0:
			if out.unknown {
				return true, st
			}
			if out.value == nil {
				return st == "", st
			}
			return st == "v"+*out.value, st
		case 1:
			return true, "v" + *inp.value
		default:
			match := st == "v"+inp.expected
			if out.unknown {
				if match {
					return true, "v" + *inp.value
				}
				return true, st
			}
			if out.ok {
				return match, "v" + *inp.value
			}
			return !match, st
		}
	},
	Hash: func(state interface{}) uint64 {
		h := fnv.New64a()
		h.Write([]byte(state.(string)))
		return h.Sum64()
	},
	Equal: func(a, b interface{}) bool { return a.(string) == b.(string) },
}

func main() {
	file := os.Args[1]
	timeout, _ := strconv.Atoi(os.Args[2])
	f, err := os.Open(file)
	if err != nil {
		panic(err)
	}
	sc := bufio.NewScanner(f)
	sc.Buffer(make([]byte, 1<<20), 1<<26)
	var lines []line
	last := 0.0
	for sc.Scan() {
		var l line
		if err := json.Unmarshal(sc.Bytes(), &l); err != nil {
			panic(err)
		}
		lines = append(lines, l)
		if l.Call > last {
			last = l.Call
		}
		if l.Return != nil && *l.Return > last {
			last = *l.Return
		}
	}
	isKv := false
	var ops []porcupine.Operation
	for _, l := range lines {
		pending := l.Return == nil
		ret := last + 1
		if !pending {
			ret = *l.Return
		}
		if ret != math.Trunc(ret) || l.Call != math.Trunc(l.Call) {
			panic("non-integer time")
		}
		var in, out interface{}
		switch l.Op {
		case "get", "put", "append":
			isKv = true
			if l.Op == "get" {
				if pending {
					continue
				}
				in = kvIn{op: 0, key: l.Key}
				out = kvOut{value: *l.Output}
			} else {
				code := uint8(1)
				if l.Op == "append" {
					code = 2
				}
				in = kvIn{op: code, key: l.Key, value: *l.Value}
				out = kvOut{unknown: pending}
			}
		case "read":
			if pending {
				continue
			}
			in = regIn{op: 0}
			out = regOut{value: l.Output}
		case "write":
			in = regIn{op: 1, value: l.Value}
			out = regOut{unknown: pending}
		case "cas":
			in = regIn{op: 2, value: l.Value, expected: *l.Expected}
			o := regOut{unknown: pending}
			if !pending {
				o.ok = *l.Ok
			}
			out = o
		}
		ops = append(ops, porcupine.Operation{ClientId: l.Client, Input: in, Call: int64(l.Call), Output: out, Return: int64(ret)})
	}
	model := regModel
	if isKv {
		model = kvModel
	}
	var r0, r1 syscall.Rusage
	syscall.Getrusage(syscall.RUSAGE_SELF, &r0)
	start := time.Now()
	var res porcupine.CheckResult
	partials := -1
	if len(os.Args) > 3 && os.Args[3] == "verbose" {
		var info porcupine.LinearizationInfo
		res, info = porcupine.CheckOperationsVerbose(model, ops, time.Duration(timeout)*time.Millisecond)
		partials = 0
		for _, p := range info.PartialLinearizations() {
			partials += len(p)
		}
	} else if len(os.Args) > 4 && os.Args[3] == "repeat" {
		// The fixed cost per call: the same history checked n times, warm; ms and cpuMs are then per check.
		n, _ := strconv.Atoi(os.Args[4])
		for i := 0; i < n; i++ {
			res = porcupine.CheckOperationsTimeout(model, ops, time.Duration(timeout)*time.Millisecond)
		}
		elapsed := float64(time.Since(start).Microseconds()) / 1000 / float64(n)
		syscall.Getrusage(syscall.RUSAGE_SELF, &r1)
		cpu := float64((r1.Utime.Nano()+r1.Stime.Nano())-(r0.Utime.Nano()+r0.Stime.Nano())) / 1e6 / float64(n)
		verdict := map[porcupine.CheckResult]string{porcupine.Ok: "ok", porcupine.Illegal: "illegal", porcupine.Unknown: "unknown"}[res]
		fmt.Printf("{\"verdict\":%q,\"ms\":%.4f,\"cpuMs\":%.4f,\"maxRssMiB\":%d,\"partials\":-1}\n", verdict, elapsed, cpu, r1.Maxrss/1024)
		return
	} else {
		res = porcupine.CheckOperationsTimeout(model, ops, time.Duration(timeout)*time.Millisecond)
	}
	ms := float64(time.Since(start).Microseconds()) / 1000
	syscall.Getrusage(syscall.RUSAGE_SELF, &r1)
	cpu := float64((r1.Utime.Nano()+r1.Stime.Nano())-(r0.Utime.Nano()+r0.Stime.Nano())) / 1e6
	verdict := map[porcupine.CheckResult]string{porcupine.Ok: "ok", porcupine.Illegal: "illegal", porcupine.Unknown: "unknown"}[res]
	fmt.Printf("{\"verdict\":%q,\"ms\":%.1f,\"cpuMs\":%.1f,\"maxRssMiB\":%d,\"partials\":%d}\n", verdict, ms, cpu, r1.Maxrss/1024, partials)
}
