// One invocation completes prefixes (the first rows, placed by the host) by an iterative
// bitmask search held in a small stack, with no recursion. The prefixes of a dispatch are
// dealt round-robin: invocation i takes prefixes i, i + T, i + 2T, ... (T invocations), so
// each takes a few from every part of the list, and the long and short subtrees even out.
// (A dynamic fetch through a shared atomic counter, by each invocation or once a workgroup,
// lost prefixes on Mesa's lavapipe, where this kernel is tested: the kernel does without.)
//
// Each invocation adds up its solutions in two 32-bit lanes, `lo` and `hi`, carrying from
// one into the other: WGSL has no 64-bit integers, and a 64-bit sum cannot overflow, since
// no board up to 32 has 2^64 solutions. The host adds the invocations' sums in u64.

struct Params {
    // Prefixes in this dispatch.
    count: u32,
    // Rows each prefix leaves to place.
    rows: u32,
    // The board's columns: n low bits.
    board: u32,
    unused: u32,
}

@group(0) @binding(0) var<uniform> params: Params;
// Each prefix: the columns taken, the two diagonals' attacks on the next row (already
// shifted to it), and its weight (2 for a first queen left of the middle, whose mirror image
// is counted with it; 1 for the middle column of an odd board).
@group(0) @binding(1) var<storage, read> prefixes: array<vec4<u32>>;
@group(0) @binding(2) var<storage, read_write> sums: array<vec2<u32>>;

// Invocations in a workgroup.
const WORKGROUP: u32 = 64u;

// The search's stack, a level a row: at most 32 rows are left.
const DEPTH: u32 = 32u;

@compute @workgroup_size(WORKGROUP)
fn main(
    @builtin(global_invocation_id) id: vec3<u32>,
    @builtin(num_workgroups) groups: vec3<u32>,
) {
    var lo = 0u;
    var hi = 0u;
    var cols: array<u32, DEPTH>;
    var left: array<u32, DEPTH>;
    var right: array<u32, DEPTH>;
    var free: array<u32, DEPTH>;
    let stride = groups.x * WORKGROUP;
    for (var i = id.x; i < params.count; i += stride) {
        let p = prefixes[i];
        let weight = p.w;
        if (params.rows == 0u) {
            // The prefix is a whole board.
            lo += weight;
            hi += select(0u, 1u, lo < weight);
            continue;
        }
        var d = 0u;
        cols[0] = p.x;
        left[0] = p.y;
        right[0] = p.z;
        free[0] = params.board & ~(p.x | p.y | p.z);
        loop {
            let f = free[d];
            if (d + 1u == params.rows) {
                // The last row: each free column is a solution.
                let found = countOneBits(f) * weight;
                lo += found;
                hi += select(0u, 1u, lo < found);
                if (d == 0u) {
                    break;
                }
                d -= 1u;
                continue;
            }
            if (f == 0u) {
                if (d == 0u) {
                    break;
                }
                d -= 1u;
                continue;
            }
            let bit = f & (0u - f);
            free[d] = f ^ bit;
            let c = cols[d] | bit;
            let l = (left[d] | bit) << 1u;
            let r = (right[d] | bit) >> 1u;
            d += 1u;
            cols[d] = c;
            left[d] = l;
            right[d] = r;
            free[d] = params.board & ~(c | l | r);
        }
    }
    sums[id.x] = vec2<u32>(lo, hi);
}
