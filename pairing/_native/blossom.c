/*
 * Maximum-weight matching on a general graph (Edmonds' blossom algorithm with a primal-dual
 * method, O(n^3)), exact for non-negative integer weights of any fixed width.
 *
 * Weights are unsigned integers of L 64-bit limbs (little endian), so that the lexicographic
 * weights of the Swiss pairing criteria (hundreds of bits) are compared exactly. Every dual
 * variable and every slack stays non-negative in this method (weights are doubled in the slack so
 * that all duals remain integral), which lets the arithmetic be unsigned.
 *
 * Written for the arbiter-ledger project from the algorithm's description (Galil, "Efficient
 * algorithms for finding maximum matching in graphs", ACM Computing Surveys 18, 1986), in the
 * well-known endpoint/label organisation of J. van Rantwijk's public mwmatching.py, with
 * fixed-width integers instead of Python numbers.
 *
 * Python interface: _blossom.solve(n, us, vs, weights, limbs[, perfect[, certificate[, priced]]]) -> (bytes
 * of n int32 mates, -1 free; with certificate, one byte per edge, see certificate() below, else None).
 * With perfect set, the result is
 * a maximum-weight perfect matching, or leaves vertices free when the graph has no perfect matching;
 * the caller adds a constant to every weight so that no dual can fall below zero. With priced (perfect
 * mode only), the graph is solved on a few of its edges first (priced_solve): an optimum as good, but
 * not always the same one among equal ones.
 * us and vs are int32 arrays of the m edge endpoints; weights is m * limbs uint64.
 */
#define PY_SSIZE_T_CLEAN
#include <Python.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

typedef uint64_t limb;

typedef struct {
    int n, m, L;
    int perfect; /* maximum-weight perfect matching: no delta1, any feasible start */
    const int32_t *eu, *ev; /* edge endpoints */
    const limb *w;          /* m * L */
    limb *w2;               /* m * L: 2 w */
    int *endpoint;          /* 2m: endpoint[2k] = eu[k], endpoint[2k+1] = ev[k] */
    int *nb_start, *nb;     /* CSR lists of remote endpoints per vertex */
    int *mate;              /* remote endpoint of the matched edge, or -1 */
    int *label, *labelend, *inblossom, *parent, *base, *bestedge;
    int **childs, *nchilds, **endps, **bbest, *nbbest; /* blossom lists (index >= n) */
    int *unused, nunused;
    limb *dual;   /* 2n * L */
    char *allow;  /* m */
    int *queue, qhead, qtail, qcap;
    limb *t1, *t2, *t3; /* scratch numbers */
    int *leafbuf;
    int *bestto;
    limb *bestto_slack; /* 2n * L: the slack of bestto[b] (add_blossom) */
    int *path, *pathe;
    int *nbv;           /* 2m: the remote vertex of each adjacency entry, and */
    limb *wq;           /* 2m * L: its 2 w, both in the order of nb, so that a vertex's edges are
                           scanned from contiguous memory */
    limb *bslack;       /* 2n * L: the slack of bestedge[b], cached ... */
    int *bslack_edge;   /* ... for this edge ... */
    unsigned *bslack_at; /* ... at this dual version */
    unsigned version;   /* incremented whenever the duals change */
} M;

/* ---- fixed-width unsigned arithmetic ---- */
static inline void num_copy(limb *d, const limb *a, int L) { memcpy(d, a, sizeof(limb) * L); }
/* Carries through a signed 128-bit accumulator: branch-free, one pass. */
typedef __int128 wide;
static inline void num_add(limb *d, const limb *a, const limb *b, int L) {
    unsigned __int128 c = 0;
    for (int i = 0; i < L; i++) {
        c += (unsigned __int128)a[i] + b[i];
        d[i] = (limb)c;
        c >>= 64;
    }
}
static inline void num_sub(limb *d, const limb *a, const limb *b, int L) {
    wide c = 0;
    for (int i = 0; i < L; i++) {
        c += (wide)a[i] - (wide)b[i];
        d[i] = (limb)c;
        c >>= 64; /* arithmetic: -1 on a borrow */
    }
}
static inline int num_cmp(const limb *a, const limb *b, int L) {
    for (int i = L - 1; i >= 0; i--) {
        if (a[i] != b[i]) return a[i] < b[i] ? -1 : 1;
    }
    return 0;
}
static inline int num_zero(const limb *a, int L) {
    for (int i = 0; i < L; i++)
        if (a[i]) return 0;
    return 1;
}
static inline void num_half(limb *a, int L) {
    for (int i = 0; i < L; i++) {
        a[i] = (a[i] >> 1) | (i + 1 < L ? (a[i + 1] << 63) : 0);
    }
}

/* The tests of the scan, from the most significant limb down, so that they stop at the first limb
   that decides (the slacks of the wide tiers differ in their high limbs): whether a + b - c is zero,
   and whether it is less than s, for a slack a + b - c (dual, dual, 2 w), which is never negative.
   After limb i, r is the difference's value above that limb; the limbs below add less than one unit
   of it in the zero test ((-1, 2) units), and less than two in the comparison ((-2, 2)), so r
   decides as soon as it leaves the range that the limbs below can still move. */
#define LIMB_UNIT ((wide)1 << 64)
static inline int zero_from_top(const limb *a, const limb *b, const limb *c, int L) {
    wide r = 0;
    for (int i = L - 1; i >= 0; i--) {
        r = r * LIMB_UNIT + (wide)a[i] + (wide)b[i] - (wide)c[i];
        if (r >= 1) return 0;
    }
    return r == 0;
}
static inline int below_from_top(const limb *a, const limb *b, const limb *c, const limb *s, int L) {
    wide r = 0;
    for (int i = L - 1; i >= 0; i--) {
        r = r * LIMB_UNIT + (wide)a[i] + (wide)b[i] - (wide)c[i] - (wide)s[i];
        if (r >= 2) return 0;
        if (r <= -2) return 1;
    }
    return r < 0;
}

#define DUAL(m, b) ((m)->dual + (size_t)(b) * (m)->L)
#define W(m, k) ((m)->w + (size_t)(k) * (m)->L)

/* slack of edge k into out: dual[u] + dual[v] - 2 w[k], in one pass (2 w[k] is precomputed) */
static inline void slack(M *m, int k, limb *out) {
    int L = m->L;
    const limb *a = DUAL(m, m->eu[k]), *b = DUAL(m, m->ev[k]), *c = m->w2 + (size_t)k * L;
    wide acc = 0;
    for (int i = 0; i < L; i++) {
        acc += (wide)a[i] + (wide)b[i] - (wide)c[i];
        out[i] = (limb)acc;
        acc >>= 64;
    }
}

/* Whether the slack of adjacency entry q of vertex x (an edge just scanned) is less than that of
   bestedge[b] (or there is none); the best edge's slack is computed once per dual version. */
static inline int below_best(M *m, int x, int q, int b) {
    int k = m->bestedge[b], L = m->L;
    if (k == -1) return 1;
    limb *cached = m->bslack + (size_t)b * L;
    if (m->bslack_edge[b] != k || m->bslack_at[b] != m->version) {
        slack(m, k, cached);
        m->bslack_edge[b] = k;
        m->bslack_at[b] = m->version;
    }
    return below_from_top(DUAL(m, x), DUAL(m, m->nbv[q]), m->wq + (size_t)q * L, cached, L);
}

/* bestedge[b] = k, whose slack s is known */
static inline void set_best(M *m, int b, int k, const limb *s) {
    m->bestedge[b] = k;
    num_copy(m->bslack + (size_t)b * m->L, s, m->L);
    m->bslack_edge[b] = k;
    m->bslack_at[b] = m->version;
}

/* the slack of the edge of adjacency entry q of vertex x into out, read from the adjacency arrays
   (nbv, wq), which lie in the order of a scan */
static inline void slack_adjacent(M *m, int x, int q, limb *out) {
    int L = m->L;
    const limb *a = DUAL(m, x), *b = DUAL(m, m->nbv[q]), *c = m->wq + (size_t)q * L;
    wide acc = 0;
    for (int i = 0; i < L; i++) {
        acc += (wide)a[i] + (wide)b[i] - (wide)c[i];
        out[i] = (limb)acc;
        acc >>= 64;
    }
}

/* edge kk, of slack a + b - c, leads from blossom b to the outer blossom bj: keep it as b's best edge
   to bj if its slack is the least seen so far (the slack of each kept edge is kept beside it, in
   bestto_slack) */
static inline void keep_least(M *m, int bj, int kk, const limb *a, const limb *b, const limb *c, int *bestto) {
    int L = m->L;
    limb *kept = m->bestto_slack + (size_t)bj * L;
    if (bestto[bj] == -1 || below_from_top(a, b, c, kept, L)) {
        bestto[bj] = kk;
        wide acc = 0;
        for (int i = 0; i < L; i++) {
            acc += (wide)a[i] + (wide)b[i] - (wide)c[i];
            kept[i] = (limb)acc;
            acc >>= 64;
        }
    }
}

/* edge kk leaves blossom b: keep_least, if its far end is in another outer blossom */
static inline void consider_best_edge(M *m, int b, int kk, int *bestto) {
    int far = m->inblossom[m->ev[kk]] == b ? m->eu[kk] : m->ev[kk];
    int bj = m->inblossom[far];
    if (bj == b || m->label[bj] != 1) return;
    keep_least(m, bj, kk, DUAL(m, m->eu[kk]), DUAL(m, m->ev[kk]), m->w2 + (size_t)kk * m->L, bestto);
}

/* consider_best_edge for the edge of adjacency entry q of vertex x of blossom b */
static inline void consider_adjacent(M *m, int b, int x, int q, int *bestto) {
    int bj = m->inblossom[m->nbv[q]];
    if (bj == b || m->label[bj] != 1) return;
    keep_least(m, bj, m->nb[q] >> 1, DUAL(m, x), DUAL(m, m->nbv[q]), m->wq + (size_t)q * m->L, bestto);
}

/* leaves of blossom b, appended to buf from position *len */
static void leaves(M *m, int b, int *buf, int *len) {
    if (b < m->n) {
        buf[(*len)++] = b;
        return;
    }
    for (int i = 0; i < m->nchilds[b]; i++) leaves(m, m->childs[b][i], buf, len);
}

static void push(M *m, int v) {
    if (m->qtail == m->qcap) {
        m->qcap *= 2;
        m->queue = realloc(m->queue, sizeof(int) * m->qcap);
    }
    m->queue[m->qtail++] = v;
}

static void assign_label(M *m, int w, int t, int p) {
    for (;;) {
        int b = m->inblossom[w];
        m->label[w] = m->label[b] = t;
        m->labelend[w] = m->labelend[b] = p;
        m->bestedge[w] = m->bestedge[b] = -1;
        if (t == 1) {
            int len = 0;
            int *buf = malloc(sizeof(int) * m->n);
            leaves(m, b, buf, &len);
            for (int i = 0; i < len; i++) push(m, buf[i]);
            free(buf);
            return;
        }
        int bs = m->base[b];
        int mp = m->mate[bs];
        w = m->endpoint[mp];
        t = 1;
        p = mp ^ 1;
    }
}

static int scan_blossom(M *m, int v, int w) {
    int npath = 0, found = -1;
    while (v != -1 || w != -1) {
        int b = m->inblossom[v];
        if (m->label[b] & 4) {
            found = m->base[b];
            break;
        }
        m->path[npath++] = b;
        m->label[b] = 5;
        if (m->labelend[b] == -1) {
            v = -1;
        } else {
            v = m->endpoint[m->labelend[b]];
            b = m->inblossom[v];
            v = m->endpoint[m->labelend[b]];
        }
        if (w != -1) {
            int t = v;
            v = w;
            w = t;
        }
    }
    for (int i = 0; i < npath; i++) m->label[m->path[i]] = 1;
    return found;
}

static void add_blossom(M *m, int bse, int k) {
    int n = m->n, L = m->L;
    int v = m->eu[k], w = m->ev[k];
    int bb = m->inblossom[bse], bv = m->inblossom[v], bw = m->inblossom[w];
    int b = m->unused[--m->nunused];
    m->base[b] = bse;
    m->parent[b] = -1;
    m->parent[bb] = b;
    int np = 0;
    int *path = m->path, *pe = m->pathe;
    while (bv != bb) {
        m->parent[bv] = b;
        path[np] = bv;
        pe[np] = m->labelend[bv];
        np++;
        v = m->endpoint[m->labelend[bv]];
        bv = m->inblossom[v];
    }
    path[np] = bb;
    np++;
    /* reverse path[0..np) and pe[0..np-1) */
    for (int i = 0, j = np - 1; i < j; i++, j--) {
        int t = path[i];
        path[i] = path[j];
        path[j] = t;
    }
    for (int i = 0, j = np - 2; i < j; i++, j--) {
        int t = pe[i];
        pe[i] = pe[j];
        pe[j] = t;
    }
    int ne = np - 1;
    pe[ne++] = 2 * k;
    while (bw != bb) {
        m->parent[bw] = b;
        path[np++] = bw;
        pe[ne++] = m->labelend[bw] ^ 1;
        w = m->endpoint[m->labelend[bw]];
        bw = m->inblossom[w];
    }
    m->childs[b] = malloc(sizeof(int) * np);
    m->endps[b] = malloc(sizeof(int) * ne);
    memcpy(m->childs[b], path, sizeof(int) * np);
    memcpy(m->endps[b], pe, sizeof(int) * ne);
    m->nchilds[b] = np;
    m->label[b] = 1;
    m->labelend[b] = m->labelend[bb];
    memset(DUAL(m, b), 0, sizeof(limb) * L);
    int len = 0;
    leaves(m, b, m->leafbuf, &len);
    for (int i = 0; i < len; i++) {
        int x = m->leafbuf[i];
        if (m->label[m->inblossom[x]] == 2) push(m, x);
        m->inblossom[x] = b;
    }
    /* best edges to neighbouring S-blossoms */
    int *bestto = m->bestto;
    for (int i = 0; i < 2 * n; i++) bestto[i] = -1;
    int *childs = m->childs[b];
    int *lb = malloc(sizeof(int) * (n + 1));
    for (int c = 0; c < np; c++) {
        int sub = childs[c];
        if (m->bbest[sub] == NULL) {
            int ll = 0;
            leaves(m, sub, lb, &ll);
            for (int li = 0; li < ll; li++) {
                int x = lb[li];
                for (int q = m->nb_start[x]; q < m->nb_start[x + 1]; q++) consider_adjacent(m, b, x, q, bestto);
            }
        } else {
            for (int q = 0; q < m->nbbest[sub]; q++) {
                consider_best_edge(m, b, m->bbest[sub][q], bestto);
            }
            free(m->bbest[sub]);
        }
        m->bbest[sub] = NULL;
        m->nbbest[sub] = 0;
        m->bestedge[sub] = -1;
    }
    free(lb);
    int cnt = 0;
    for (int i = 0; i < 2 * n; i++)
        if (bestto[i] != -1) cnt++;
    m->bbest[b] = malloc(sizeof(int) * (cnt ? cnt : 1));
    m->nbbest[b] = cnt;
    cnt = 0;
    int least = -1; /* the first of the least slack */
    for (int i = 0; i < 2 * n; i++) {
        if (bestto[i] == -1) continue;
        m->bbest[b][cnt++] = bestto[i];
        if (least == -1 || num_cmp(m->bestto_slack + (size_t)i * L, m->bestto_slack + (size_t)least * L, L) < 0)
            least = i;
    }
    m->bestedge[b] = -1;
    if (least != -1) set_best(m, b, bestto[least], m->bestto_slack + (size_t)least * L);
}

static inline int cidx(int j, int len) { return ((j % len) + len) % len; }

/* The direction in which the walk from child j of a blossom of nc children back to its base (child 0)
   goes along an even number of edges: forward from j - nc when j is odd, else backward; endptrick
   picks the endpoint of each edge on that side. */
static void walk_to_base(int *j, int nc, int *jstep, int *endptrick) {
    if (*j & 1) {
        *j -= nc;
        *jstep = 1;
        *endptrick = 0;
    } else {
        *jstep = -1;
        *endptrick = 1;
    }
}

static void expand_blossom(M *m, int b, int endstage) {
    int n = m->n;
    int nc = m->nchilds[b];
    int *childs = m->childs[b];
    for (int i = 0; i < nc; i++) {
        int s = childs[i];
        m->parent[s] = -1;
        if (s < n) {
            m->inblossom[s] = s;
        } else if (endstage && num_zero(DUAL(m, s), m->L)) {
            expand_blossom(m, s, endstage);
        } else {
            int len = 0;
            int *lb = malloc(sizeof(int) * n);
            leaves(m, s, lb, &len);
            for (int q = 0; q < len; q++) m->inblossom[lb[q]] = s;
            free(lb);
        }
    }
    if (!endstage && m->label[b] == 2) {
        int *endps = m->endps[b];
        int entrychild = m->inblossom[m->endpoint[m->labelend[b] ^ 1]];
        int j = 0;
        while (childs[j] != entrychild) j++;
        int jstep, endptrick;
        walk_to_base(&j, nc, &jstep, &endptrick);
        int p = m->labelend[b];
        while (j != 0) {
            m->label[m->endpoint[p ^ 1]] = 0;
            m->label[m->endpoint[endps[cidx(j - endptrick, nc)] ^ endptrick ^ 1]] = 0;
            assign_label(m, m->endpoint[p ^ 1], 2, p);
            m->allow[endps[cidx(j - endptrick, nc)] >> 1] = 1;
            j += jstep;
            p = endps[cidx(j - endptrick, nc)] ^ endptrick;
            m->allow[p >> 1] = 1;
            j += jstep;
        }
        int bv = childs[cidx(j, nc)];
        m->label[m->endpoint[p ^ 1]] = m->label[bv] = 2;
        m->labelend[m->endpoint[p ^ 1]] = m->labelend[bv] = p;
        m->bestedge[bv] = -1;
        j += jstep;
        while (childs[cidx(j, nc)] != entrychild) {
            bv = childs[cidx(j, nc)];
            if (m->label[bv] == 1) {
                j += jstep;
                continue;
            }
            int len = 0;
            int *lb = malloc(sizeof(int) * n);
            leaves(m, bv, lb, &len);
            int v = -1;
            for (int q = 0; q < len; q++) {
                if (m->label[lb[q]] != 0) {
                    v = lb[q];
                    break;
                }
            }
            free(lb);
            if (v != -1) {
                m->label[v] = 0;
                m->label[m->endpoint[m->mate[m->base[bv]]]] = 0;
                assign_label(m, v, 2, m->labelend[v]);
            }
            j += jstep;
        }
    }
    m->label[b] = m->labelend[b] = -1;
    free(m->childs[b]);
    free(m->endps[b]);
    m->childs[b] = m->endps[b] = NULL;
    m->nchilds[b] = 0;
    m->base[b] = -1;
    if (m->bbest[b]) free(m->bbest[b]);
    m->bbest[b] = NULL;
    m->nbbest[b] = 0;
    m->bestedge[b] = -1;
    m->unused[m->nunused++] = b;
}

static void augment_blossom(M *m, int b, int v) {
    int n = m->n;
    int t = v;
    while (m->parent[t] != b) t = m->parent[t];
    if (t >= n) augment_blossom(m, t, v);
    int nc = m->nchilds[b];
    int *childs = m->childs[b], *endps = m->endps[b];
    int i = 0;
    while (childs[i] != t) i++;
    int j = i, jstep, endptrick;
    walk_to_base(&j, nc, &jstep, &endptrick);
    while (j != 0) {
        j += jstep;
        t = childs[cidx(j, nc)];
        int p = endps[cidx(j - endptrick, nc)] ^ endptrick;
        if (t >= n) augment_blossom(m, t, m->endpoint[p]);
        j += jstep;
        t = childs[cidx(j, nc)];
        if (t >= n) augment_blossom(m, t, m->endpoint[p ^ 1]);
        m->mate[m->endpoint[p]] = p ^ 1;
        m->mate[m->endpoint[p ^ 1]] = p;
    }
    /* rotate so that the new base comes first */
    int *nc1 = malloc(sizeof(int) * nc), *ne1 = malloc(sizeof(int) * nc);
    for (int q = 0; q < nc; q++) {
        nc1[q] = childs[(i + q) % nc];
        ne1[q] = endps[(i + q) % nc];
    }
    memcpy(childs, nc1, sizeof(int) * nc);
    memcpy(endps, ne1, sizeof(int) * nc);
    free(nc1);
    free(ne1);
    m->base[b] = m->base[childs[0]];
}

static void augment_matching(M *m, int k) {
    int n = m->n;
    int v = m->eu[k], w = m->ev[k];
    int ss[2] = {v, w}, pp[2] = {2 * k + 1, 2 * k};
    for (int r = 0; r < 2; r++) {
        int s = ss[r], p = pp[r];
        for (;;) {
            int bs = m->inblossom[s];
            if (bs >= n) augment_blossom(m, bs, s);
            m->mate[s] = p;
            if (m->labelend[bs] == -1) break;
            int t = m->endpoint[m->labelend[bs]];
            int bt = m->inblossom[t];
            s = m->endpoint[m->labelend[bt]];
            int j = m->endpoint[m->labelend[bt] ^ 1];
            if (bt >= n) augment_blossom(m, bt, j);
            m->mate[j] = m->labelend[bt];
            p = m->labelend[bt] ^ 1;
        }
    }
}

static int run(M *m) {
    int n = m->n, L = m->L;
    limb *delta = calloc(L, sizeof(limb)), *d = calloc(L, sizeof(limb));
    for (int stage = 0; stage < n; stage++) {
        for (int i = 0; i < 2 * n; i++) {
            m->label[i] = 0;
            m->bestedge[i] = -1;
        }
        for (int i = n; i < 2 * n; i++) {
            if (m->bbest[i]) free(m->bbest[i]);
            m->bbest[i] = NULL;
            m->nbbest[i] = 0;
        }
        memset(m->allow, 0, m->m);
        m->qhead = m->qtail = 0;
        for (int v = 0; v < n; v++)
            if (m->mate[v] == -1 && m->label[m->inblossom[v]] == 0) assign_label(m, v, 1, -1);
        int augmented = 0;
        for (;;) {
            while (m->qhead < m->qtail && !augmented) {
                int v = m->queue[m->qhead++];
                for (int q = m->nb_start[v]; q < m->nb_start[v + 1]; q++) {
                    int p = m->nb[q];
                    int k = p >> 1;
                    int w = m->nbv[q];
                    int bw = m->inblossom[w];
                    if (m->inblossom[v] == bw || (m->label[bw] == 2 && m->label[w] == 2)) continue; /* nothing to do */
                    if (!m->allow[k] && zero_from_top(DUAL(m, v), DUAL(m, w), m->wq + (size_t)q * L, L)) m->allow[k] = 1;
                    if (m->allow[k]) {
                        if (m->label[m->inblossom[w]] == 0) {
                            assign_label(m, w, 2, p ^ 1);
                        } else if (m->label[m->inblossom[w]] == 1) {
                            int bse = scan_blossom(m, v, w);
                            if (bse >= 0) {
                                add_blossom(m, bse, k);
                            } else {
                                augment_matching(m, k);
                                augmented = 1;
                                break;
                            }
                        } else if (m->label[w] == 0) {
                            m->label[w] = 2;
                            m->labelend[w] = p ^ 1;
                        }
                    } else if (m->label[m->inblossom[w]] == 1) {
                        int b = m->inblossom[v];
                        if (below_best(m, v, q, b)) {
                            slack_adjacent(m, v, q, m->t3);
                            set_best(m, b, k, m->t3);
                        }
                    } else if (m->label[w] == 0 && below_best(m, v, q, w)) {
                        slack_adjacent(m, v, q, m->t3);
                        set_best(m, w, k, m->t3);
                    }
                }
            }
            if (augmented) break;
            /* choose delta */
            int dtype = -1, dedge = -1, dblossom = -1;
            if (!m->perfect) {
                dtype = 1;
                num_copy(delta, DUAL(m, 0), L);
                for (int v = 1; v < n; v++)
                    if (num_cmp(DUAL(m, v), delta, L) < 0) num_copy(delta, DUAL(m, v), L);
            }
            for (int v = 0; v < n; v++) {
                if (m->label[m->inblossom[v]] == 0 && m->bestedge[v] != -1) {
                    slack(m, m->bestedge[v], d);
                    if (dtype == -1 || num_cmp(d, delta, L) < 0) {
                        num_copy(delta, d, L);
                        dtype = 2;
                        dedge = m->bestedge[v];
                    }
                }
            }
            for (int b = 0; b < 2 * n; b++) {
                if (m->parent[b] == -1 && m->label[b] == 1 && m->bestedge[b] != -1) {
                    slack(m, m->bestedge[b], d);
                    num_half(d, L);
                    if (dtype == -1 || num_cmp(d, delta, L) < 0) {
                        num_copy(delta, d, L);
                        dtype = 3;
                        dedge = m->bestedge[b];
                    }
                }
            }
            for (int b = n; b < 2 * n; b++) {
                if (m->base[b] >= 0 && m->parent[b] == -1 && m->label[b] == 2 &&
                    (dtype == -1 || num_cmp(DUAL(m, b), delta, L) < 0)) {
                    num_copy(delta, DUAL(m, b), L);
                    dtype = 4;
                    dblossom = b;
                }
            }
            if (dtype == -1) break; /* no augmenting path: no perfect matching */
            m->version++;
            for (int v = 0; v < n; v++) {
                int lb = m->label[m->inblossom[v]];
                if (lb == 1)
                    num_sub(DUAL(m, v), DUAL(m, v), delta, L);
                else if (lb == 2)
                    num_add(DUAL(m, v), DUAL(m, v), delta, L);
            }
            for (int b = n; b < 2 * n; b++) {
                if (m->base[b] >= 0 && m->parent[b] == -1) {
                    if (m->label[b] == 1)
                        num_add(DUAL(m, b), DUAL(m, b), delta, L);
                    else if (m->label[b] == 2)
                        num_sub(DUAL(m, b), DUAL(m, b), delta, L);
                }
            }
            if (dtype == 1) {
                break;
            } else if (dtype == 2) {
                m->allow[dedge] = 1;
                int i = m->eu[dedge], j = m->ev[dedge];
                if (m->label[m->inblossom[i]] == 0) i = j;
                push(m, i);
            } else if (dtype == 3) {
                m->allow[dedge] = 1;
                push(m, m->eu[dedge]);
            } else {
                expand_blossom(m, dblossom, 0);
            }
        }
        if (!augmented) break;
        for (int b = n; b < 2 * n; b++) {
            if (m->parent[b] == -1 && m->base[b] >= 0 && m->label[b] == 1 && num_zero(DUAL(m, b), L))
                expand_blossom(m, b, 1);
        }
    }
    free(delta);
    free(d);
    return 0;
}

/* Perfect mode, first start: each vertex's dual at its heaviest edge, the edges tight at both ends
   matched; then each free vertex lowered to the least feasible value, max over its edges of
   2 w - dual[other end], which makes one of its edges tight, taken when its other end is free
   too. Returns the number of matched vertices. */
static int start_heaviest(M *m) {
    int n = m->n, L = m->L, mcount = m->m;
    for (int v = 0; v < n; v++) memset(DUAL(m, v), 0, sizeof(limb) * L);
    for (int k = 0; k < mcount; k++) {
        if (num_cmp(W(m, k), DUAL(m, m->eu[k]), L) > 0) num_copy(DUAL(m, m->eu[k]), W(m, k), L);
        if (num_cmp(W(m, k), DUAL(m, m->ev[k]), L) > 0) num_copy(DUAL(m, m->ev[k]), W(m, k), L);
    }
    for (int k = 0; k < mcount; k++) {
        int u = m->eu[k], v = m->ev[k];
        if (m->mate[u] == -1 && m->mate[v] == -1) {
            slack(m, k, m->t1);
            if (num_zero(m->t1, L)) {
                m->mate[u] = 2 * k + 1;
                m->mate[v] = 2 * k;
            }
        }
    }
    /* Then lower each free vertex's dual to the least feasible value, max over its edges of
       2 w - dual[other end], which makes at least one of its edges tight, and take that edge
       when its other end is free too. Duals stay feasible and matched edges tight. */
    limb *best = calloc(L, sizeof(limb)), *cand = calloc(L, sizeof(limb));
    for (int u = 0; u < n; u++) {
        if (m->mate[u] != -1 || m->nb_start[u] == m->nb_start[u + 1]) continue;
        int have = 0, partner_edge = -1;
        for (int q = m->nb_start[u]; q < m->nb_start[u + 1]; q++) {
            int p = m->nb[q], k = p >> 1, v = m->endpoint[p];
            num_add(cand, W(m, k), W(m, k), L);
            if (num_cmp(cand, DUAL(m, v), L) < 0) continue; /* cannot happen with the caller's shift */
            num_sub(cand, cand, DUAL(m, v), L);
            int c = have ? num_cmp(cand, best, L) : 1;
            if (c > 0) {
                num_copy(best, cand, L);
                have = 1;
                partner_edge = m->mate[v] == -1 ? k : -1;
            } else if (c == 0 && partner_edge == -1 && m->mate[v] == -1) {
                partner_edge = k;
            }
        }
        if (!have) continue;
        num_copy(DUAL(m, u), best, L);
        if (partner_edge != -1) {
            int a = m->eu[partner_edge], b = m->ev[partner_edge];
            m->mate[a] = 2 * partner_edge + 1;
            m->mate[b] = 2 * partner_edge;
        }
    }
    free(best);
    free(cand);
    int matched = 0;
    for (int v = 0; v < n; v++) matched += m->mate[v] != -1;
    return matched;
}

static const M *sort_ctx;
static int heavier_first(const void *a, const void *b) {
    return -num_cmp(W(sort_ctx, *(const int *)a), W(sort_ctx, *(const int *)b), sort_ctx->L);
}

/* Perfect mode, second start: a greedy matching, heaviest edges first, each matched vertex's dual
   at its edge's weight (so the edge is tight) and each free vertex's at its heaviest edge; then
   each edge still infeasible, heaviest first, is made feasible by raising the dual of a free end,
   or else of an end whose pair is already given up, or else of its first end, giving up that
   end's pair. Raising never makes another edge infeasible. Returns the number of matched
   vertices. With lexicographic weights this keeps most of a Swiss bracket's greedy pairing. */
static int start_greedy(M *m) {
    int n = m->n, L = m->L, mcount = m->m;
    int *order = malloc(sizeof(int) * (mcount + 1));
    char *given_up = calloc(n + 1, 1);
    for (int k = 0; k < mcount; k++) order[k] = k;
    sort_ctx = m;
    qsort(order, mcount, sizeof(int), heavier_first);
    for (int v = 0; v < n; v++) memset(DUAL(m, v), 0, sizeof(limb) * L);
    for (int i = 0; i < mcount; i++) {
        int k = order[i], u = m->eu[k], v = m->ev[k];
        if (m->mate[u] == -1 && m->mate[v] == -1) {
            m->mate[u] = 2 * k + 1;
            m->mate[v] = 2 * k;
            num_copy(DUAL(m, u), W(m, k), L);
            num_copy(DUAL(m, v), W(m, k), L);
        }
    }
    for (int k = 0; k < mcount; k++) {
        int ends[2] = {m->eu[k], m->ev[k]};
        for (int e = 0; e < 2; e++)
            if (m->mate[ends[e]] == -1 && num_cmp(W(m, k), DUAL(m, ends[e]), L) > 0)
                num_copy(DUAL(m, ends[e]), W(m, k), L);
    }
    for (int i = 0; i < mcount; i++) {
        int k = order[i], u = m->eu[k], v = m->ev[k];
        slack(m, k, m->t1);
        if (!(m->t1[L - 1] >> 63)) continue; /* feasible: dual[u] + dual[v] >= 2 w */
        int x = (m->mate[u] == -1 || given_up[u]) ? u : (m->mate[v] == -1 || given_up[v]) ? v : u;
        num_sub(DUAL(m, x), DUAL(m, x), m->t1, L); /* raise by the deficit */
        if (m->mate[x] != -1 && !given_up[x]) {
            given_up[x] = 1;
            given_up[m->endpoint[m->mate[x]]] = 1;
        }
    }
    int matched = 0;
    for (int v = 0; v < n; v++) {
        if (given_up[v]) m->mate[v] = -1;
        matched += m->mate[v] != -1;
    }
    free(order);
    free(given_up);
    return matched;
}

/* The blossoms' nesting in the final duals, for the certificate and the pricing of edges: for each
   blossom b (index >= n) and the blossoms around it, its depth, the number of positive duals and
   twice the sum of the duals; and each blossom's ancestor 2^k levels up, for `common_blossom`. */
typedef struct {
    int *depth, *positive, *chain;
    limb *twice;
    int levels, *up; /* up[k * 2n + b]: the blossom 2^k levels around b, or -1 */
} Nesting;

static void nesting(M *m, Nesting *s) {
    int n = m->n, L = m->L, N2 = 2 * n;
    s->depth = malloc(sizeof(int) * (N2 + 1));
    s->positive = malloc(sizeof(int) * (N2 + 1));
    s->chain = malloc(sizeof(int) * (N2 + 1));
    s->twice = calloc((size_t)(N2 + 1) * L, sizeof(limb));
    for (int b = 0; b < N2; b++) s->depth[b] = -1;
    for (int b = n; b < N2; b++) {
        if (m->base[b] < 0 || s->depth[b] >= 0) continue;
        int len = 0; /* b and the blossoms around it not yet done, innermost first */
        for (int x = b; x != -1 && s->depth[x] < 0; x = m->parent[x]) s->chain[len++] = x;
        for (int i = len - 1; i >= 0; i--) {
            int x = s->chain[i], up = m->parent[x];
            limb *t = s->twice + (size_t)x * L;
            num_add(t, DUAL(m, x), DUAL(m, x), L);
            if (up == -1) {
                s->depth[x] = 0;
                s->positive[x] = !num_zero(DUAL(m, x), L);
            } else {
                s->depth[x] = s->depth[up] + 1;
                s->positive[x] = s->positive[up] + !num_zero(DUAL(m, x), L);
                num_add(t, t, s->twice + (size_t)up * L, L);
            }
        }
    }
    int deepest = 0;
    for (int b = n; b < N2; b++)
        if (s->depth[b] > deepest) deepest = s->depth[b];
    s->levels = 1;
    while ((1 << s->levels) <= deepest) s->levels++;
    s->up = malloc(sizeof(int) * ((size_t)s->levels * N2 + 1));
    for (int b = 0; b < N2; b++) s->up[b] = b >= n && s->depth[b] >= 0 ? m->parent[b] : -1;
    for (int k = 1; k < s->levels; k++)
        for (int b = 0; b < N2; b++) {
            int half = s->up[(size_t)(k - 1) * N2 + b];
            s->up[(size_t)k * N2 + b] = half == -1 ? -1 : s->up[(size_t)(k - 1) * N2 + half];
        }
}

/* The smallest blossom holding the blossoms a and b (either -1: none), by their ancestors 2^k levels
   up: the same as walking up from the deeper one at a time until they meet, in log(depth) steps
   (the nesting of a big bracket's last blossoms can be hundreds deep). */
static int common_blossom(M *m, const Nesting *s, int a, int b) {
    if (a == -1 || b == -1) return -1;
    size_t N2 = 2 * (size_t)m->n;
    if (s->depth[a] < s->depth[b]) {
        int t = a;
        a = b;
        b = t;
    }
    for (int k = 0, rise = s->depth[a] - s->depth[b]; rise; k++, rise >>= 1)
        if (rise & 1) a = s->up[k * N2 + a];
    if (a == b) return a;
    for (int k = s->levels - 1; k >= 0; k--) {
        int ua = s->up[k * N2 + a], ub = s->up[k * N2 + b];
        if (ua != ub) {
            a = ua;
            b = ub;
        }
    }
    return m->parent[a];
}

static void free_nesting(Nesting *s) {
    free(s->depth);
    free(s->positive);
    free(s->chain);
    free(s->twice);
    free(s->up);
}

/* The slack of an edge u-v of weight w in the final duals, the duals of the blossoms holding both
   ends included (dual[u] + dual[v] + 2 * those duals - 2 w): -1 if negative (the duals do not cover
   the edge), 0 if zero (tight), 1 if positive; *count gets the edge's certificate count and, if
   given, out the slack in two's complement. The blossoms holding both ends are the smallest one
   holding both (`common_blossom`) and the blossoms around it. */
static int full_slack(M *m, const Nesting *s, int u, int v, const limb *w, int *count, limb *out) {
    int L = m->L;
    int a = common_blossom(m, s, m->parent[u], m->parent[v]);
    const limb *du = DUAL(m, u), *dv = DUAL(m, v), *t = a != -1 ? s->twice + (size_t)a * L : NULL;
    wide acc = 0;
    limb any = 0;
    for (int i = 0; i < L; i++) {
        acc += (wide)du[i] + (wide)dv[i] + (t ? (wide)t[i] : 0) - 2 * (wide)w[i];
        any |= (limb)acc;
        if (out) out[i] = (limb)acc;
        acc >>= 64;
    }
    *count = !num_zero(du, L) + !num_zero(dv, L) + (t ? 2 * s->positive[a] : 0);
    return acc < 0 ? -1 : (acc > 0 || any) ? 1 : 0;
}

/* The optimality certificate, one byte per edge of (eu, ev, w), mcount edges (the solved graph's
   or, after a priced solve, the whole graph's): 255 when the edge is not tight in the final duals
   (`full_slack` is not zero), so that no maximum-weight matching uses it; otherwise [dual[u] > 0] +
   [dual[v] > 0] + 2 * the number of blossoms of positive dual holding both ends. By complementary
   slackness a matching of tight edges is of maximum weight exactly when it covers every vertex of
   positive dual and fills every blossom of positive dual, that is, when the sum of these bytes over
   its edges is the greatest. */
static PyObject *certificate(M *m, const int32_t *eu, const int32_t *ev, const limb *w, int mcount) {
    PyObject *out = PyBytes_FromStringAndSize(NULL, mcount);
    if (!out) return NULL;
    unsigned char *cert = (unsigned char *)PyBytes_AS_STRING(out);
    Nesting s;
    nesting(m, &s);
    for (int k = 0; k < mcount; k++) {
        int count;
        int sign = full_slack(m, &s, eu[k], ev[k], w + (size_t)k * m->L, &count, NULL);
        cert[k] = sign == 0 ? (unsigned char)(count < 254 ? count : 254) : 255;
    }
    free_nesting(&s);
    return out;
}

/* The solver's arrays for the graph of mcount edges (eu, ev, w): 0, or -1 (nothing allocated) if an
   endpoint is out of range. */
static int setup(M *m, int n, int mcount, int L, int perfect, const int32_t *eu, const int32_t *ev, const limb *w) {
    memset(m, 0, sizeof(M));
    for (int k = 0; k < mcount; k++)
        if (eu[k] < 0 || eu[k] >= n || ev[k] < 0 || ev[k] >= n || eu[k] == ev[k]) return -1;
    m->n = n;
    m->m = mcount;
    m->L = L;
    m->perfect = perfect;
    m->eu = eu;
    m->ev = ev;
    m->w = w;
    int N2 = 2 * n > 0 ? 2 * n : 1;
    m->endpoint = malloc(sizeof(int) * (2 * mcount + 1));
    m->nb_start = calloc(n + 2, sizeof(int));
    m->nb = malloc(sizeof(int) * (2 * mcount + 1));
    for (int k = 0; k < mcount; k++) {
        m->endpoint[2 * k] = eu[k];
        m->endpoint[2 * k + 1] = ev[k];
        m->nb_start[eu[k] + 1]++;
        m->nb_start[ev[k] + 1]++;
    }
    for (int v = 0; v < n; v++) m->nb_start[v + 1] += m->nb_start[v];
    int *fill = malloc(sizeof(int) * (n + 1));
    memcpy(fill, m->nb_start, sizeof(int) * (n + 1));
    for (int k = 0; k < mcount; k++) {
        m->nb[fill[eu[k]]++] = 2 * k + 1;
        m->nb[fill[ev[k]]++] = 2 * k;
    }
    free(fill);
    m->mate = malloc(sizeof(int) * (n + 1));
    m->label = malloc(sizeof(int) * N2);
    m->labelend = malloc(sizeof(int) * N2);
    m->inblossom = malloc(sizeof(int) * (n + 1));
    m->parent = malloc(sizeof(int) * N2);
    m->base = malloc(sizeof(int) * N2);
    m->bestedge = malloc(sizeof(int) * N2);
    m->childs = calloc(N2, sizeof(int *));
    m->nchilds = calloc(N2, sizeof(int));
    m->endps = calloc(N2, sizeof(int *));
    m->bbest = calloc(N2, sizeof(int *));
    m->nbbest = calloc(N2, sizeof(int));
    m->unused = malloc(sizeof(int) * N2);
    m->dual = calloc((size_t)N2 * L, sizeof(limb));
    m->allow = malloc(mcount + 1);
    m->qcap = 4 * n + 4;
    m->queue = malloc(sizeof(int) * m->qcap);
    m->t1 = calloc(L, sizeof(limb));
    m->t2 = calloc(L, sizeof(limb));
    m->t3 = calloc(L, sizeof(limb));
    m->leafbuf = malloc(sizeof(int) * (n + 1));
    m->bestto = malloc(sizeof(int) * N2);
    m->bestto_slack = malloc(sizeof(limb) * ((size_t)N2 * L + 1));
    m->path = malloc(sizeof(int) * (N2 + 1));
    m->pathe = malloc(sizeof(int) * (N2 + 1));
    m->w2 = malloc(sizeof(limb) * ((size_t)mcount * L + 1));
    for (int k = 0; k < mcount; k++) num_add(m->w2 + (size_t)k * L, W(m, k), W(m, k), L);
    m->nbv = malloc(sizeof(int) * (2 * mcount + 1));
    for (int q = 0; q < 2 * mcount; q++) m->nbv[q] = m->endpoint[m->nb[q]];
    m->wq = malloc(sizeof(limb) * ((size_t)2 * mcount * L + 1));
    for (int q = 0; q < 2 * mcount; q++) num_copy(m->wq + (size_t)q * L, m->w2 + (size_t)(m->nb[q] >> 1) * L, L);
    m->bslack = malloc(sizeof(limb) * ((size_t)N2 * L + 1));
    m->bslack_edge = malloc(sizeof(int) * N2);
    m->bslack_at = calloc(N2, sizeof(unsigned));
    for (int i = 0; i < N2; i++) m->bslack_edge[i] = -1;
    m->version = 0;
    for (int i = 0; i < N2; i++) {
        m->label[i] = 0;
        m->labelend[i] = -1;
        m->parent[i] = -1;
        m->base[i] = i < n ? i : -1;
        m->bestedge[i] = -1;
    }
    m->nunused = 0;
    for (int b = 2 * n - 1; b >= n; b--) m->unused[m->nunused++] = b;
    return 0;
}

/* The starting duals and matching: every dual at the heaviest weight, nothing matched; in perfect
   mode, the better of the two greedy starts (any feasible duals will do for a perfect matching,
   with the matched edges tight: the one that matches more vertices is kept). */
static void start(M *m) {
    int n = m->n, L = m->L;
    limb *maxw = calloc(L, sizeof(limb));
    for (int k = 0; k < m->m; k++)
        if (num_cmp(W(m, k), maxw, L) > 0) num_copy(maxw, W(m, k), L);
    for (int v = 0; v < n; v++) {
        m->mate[v] = -1;
        m->inblossom[v] = v;
        num_copy(DUAL(m, v), maxw, L);
    }
    free(maxw);
    if (!m->perfect) return;
    int *mate_first = malloc(sizeof(int) * (n + 1));
    limb *dual_first = malloc(sizeof(limb) * ((size_t)n * L + 1));
    int first = start_heaviest(m);
    memcpy(mate_first, m->mate, sizeof(int) * n);
    memcpy(dual_first, m->dual, sizeof(limb) * (size_t)n * L);
    for (int v = 0; v < n; v++) m->mate[v] = -1;
    if (first > start_greedy(m)) {
        memcpy(m->mate, mate_first, sizeof(int) * n);
        memcpy(m->dual, dual_first, sizeof(limb) * (size_t)n * L);
    }
    free(mate_first);
    free(dual_first);
}

static void teardown(M *m) {
    int N2 = 2 * m->n > 0 ? 2 * m->n : 1;
    for (int b = 0; b < N2; b++) {
        free(m->childs[b]);
        free(m->endps[b]);
        free(m->bbest[b]);
    }
    free(m->w2);
    free(m->wq);
    free(m->nbv);
    free(m->bslack);
    free(m->bslack_edge);
    free(m->bslack_at);
    free(m->endpoint);
    free(m->nb_start);
    free(m->nb);
    free(m->mate);
    free(m->label);
    free(m->labelend);
    free(m->inblossom);
    free(m->parent);
    free(m->base);
    free(m->bestedge);
    free(m->childs);
    free(m->nchilds);
    free(m->endps);
    free(m->bbest);
    free(m->nbbest);
    free(m->unused);
    free(m->dual);
    free(m->allow);
    free(m->queue);
    free(m->t1);
    free(m->t2);
    free(m->t3);
    free(m->leafbuf);
    free(m->bestto);
    free(m->bestto_slack);
    free(m->path);
    free(m->pathe);
}

/* Solve the graph of mcount edges (eu, ev, w) into m (set up, started, run; the caller tears it down). */
static int solve_graph(M *m, int n, int mcount, int L, int perfect, const int32_t *eu, const int32_t *ev, const limb *w) {
    if (setup(m, n, mcount, L, perfect, eu, ev, w)) return -1;
    start(m);
    if (n > 0 && mcount > 0) run(m);
    return 0;
}

/* ---- solving on a few of the edges first (`priced_solve`) ---- */

enum {
    PRICED_FIRST = 2,   /* each vertex's heaviest edges in the first round */
    PRICED_ADDED = 8,   /* each vertex's most uncovered edges added after a round */
    PRICED_ROUNDS = 12, /* rounds before giving up */
};

/* For each vertex, the `room` edges of least key offered to it so far (ties: the first offered). */
typedef struct {
    int room, L;
    int *count, *edge; /* n, n * room */
    limb *key;         /* n * room * L */
} Shortlist;

static void shortlist_init(Shortlist *s, int n, int room, int L) {
    s->room = room;
    s->L = L;
    s->count = calloc(n + 1, sizeof(int));
    s->edge = malloc(sizeof(int) * ((size_t)n * room + 1));
    s->key = malloc(sizeof(limb) * ((size_t)n * room * L + 1));
}

static void shortlist_offer(Shortlist *s, int x, int k, const limb *key) {
    int room = s->room, L = s->L, have = s->count[x];
    int *edge = s->edge + (size_t)x * room;
    limb *keys = s->key + (size_t)x * room * L;
    int at = have;
    while (at > 0 && num_cmp(key, keys + (size_t)(at - 1) * L, L) < 0) at--;
    if (at >= room) return;
    for (int i = have < room ? have : room - 1; i > at; i--) {
        edge[i] = edge[i - 1];
        num_copy(keys + (size_t)i * L, keys + (size_t)(i - 1) * L, L);
    }
    edge[at] = k;
    num_copy(keys + (size_t)at * L, key, L);
    if (have < room) s->count[x]++;
}

/* Marks every shortlisted edge in `chosen`; returns how many were not marked before. */
static int shortlist_take(Shortlist *s, int n, char *chosen) {
    int added = 0;
    for (int x = 0; x < n; x++)
        for (int i = 0; i < s->count[x]; i++) {
            int k = s->edge[(size_t)x * s->room + i];
            added += !chosen[k];
            chosen[k] = 1;
        }
    free(s->count);
    free(s->edge);
    free(s->key);
    return added;
}

static const limb *order_w;
static int order_L;
static int heavier_edge(const void *a, const void *b) {
    int i = *(const int *)a, j = *(const int *)b;
    int c = num_cmp(order_w + (size_t)j * order_L, order_w + (size_t)i * order_L, order_L);
    return c ? c : (i > j) - (i < j);
}

/* The first round's edges: each vertex's PRICED_FIRST heaviest, and a greedy matching (heaviest
   first), so that the few edges hold a perfect matching whenever the greedy one is nearly so. */
static void first_edges(int n, int mcount, int L, const int32_t *eu, const int32_t *ev, const limb *w, char *chosen) {
    Shortlist s;
    shortlist_init(&s, n, PRICED_FIRST, L);
    limb *key = malloc(sizeof(limb) * L);
    for (int k = 0; k < mcount; k++) {
        for (int i = 0; i < L; i++) key[i] = ~w[(size_t)k * L + i]; /* the heavier, the less */
        shortlist_offer(&s, eu[k], k, key);
        shortlist_offer(&s, ev[k], k, key);
    }
    free(key);
    shortlist_take(&s, n, chosen);
    int *order = malloc(sizeof(int) * (mcount + 1));
    char *taken = calloc(n + 1, 1);
    for (int k = 0; k < mcount; k++) order[k] = k;
    order_w = w;
    order_L = L;
    qsort(order, mcount, sizeof(int), heavier_edge);
    for (int i = 0; i < mcount; i++) {
        int k = order[i];
        if (!taken[eu[k]] && !taken[ev[k]]) {
            taken[eu[k]] = taken[ev[k]] = 1;
            chosen[k] = 1;
        }
    }
    free(order);
    free(taken);
}

/* The edges that the solve in m leaves uncovered by its duals (negative `full_slack`): each
   vertex's PRICED_ADDED most uncovered are marked in `chosen`; returns how many. */
static int uncovered_edges(M *m, int mcount, const int32_t *eu, const int32_t *ev, const limb *w, char *chosen) {
    int L = m->L;
    Nesting s;
    nesting(m, &s);
    Shortlist list;
    shortlist_init(&list, m->n, PRICED_ADDED, L);
    limb *key = malloc(sizeof(limb) * L);
    for (int k = 0; k < mcount; k++) {
        int count;
        if (chosen[k] || full_slack(m, &s, eu[k], ev[k], w + (size_t)k * L, &count, key) >= 0) continue;
        key[L - 1] ^= (limb)1 << 63; /* the slack with its sign bit flipped: the more negative, the less */
        shortlist_offer(&list, eu[k], k, key);
        shortlist_offer(&list, ev[k], k, key);
    }
    free(key);
    free_nesting(&s);
    return shortlist_take(&list, m->n, chosen);
}

/* A maximum-weight perfect matching of the graph (eu, ev, w) solved on a few of its edges: first
   `first_edges`; after each round, the edges that its optimum leaves uncovered (`uncovered_edges`),
   or, if it left a vertex free, every edge of the free vertices. Duals that cover every edge, with
   a perfect matching of tight edges that fills every blossom of positive dual, are optimal for the
   whole graph (complementary slackness): the result is a maximum-weight perfect matching of it, and
   `certificate` on its edges is valid. Each round starts afresh, as `solve_graph` does. Returns 1
   with the last round's solve in m (and its edges in *sub, to free after m), or 0 when the rounds
   run out or the few edges grow past half the graph (m torn down; the caller then solves the whole
   graph). Which optimum it finds may differ from the whole graph's solve among equal ones. */
static int priced_solve(M *m, int n, int mcount, int L, const int32_t *eu, const int32_t *ev, const limb *w,
                        int32_t **sub_u, int32_t **sub_v, limb **sub_w) {
    char *chosen = calloc(mcount + 1, 1);
    first_edges(n, mcount, L, eu, ev, w, chosen);
    int count = 0, found = 0, rounds = 0;
    for (int k = 0; k < mcount; k++) count += chosen[k];
    *sub_u = malloc(sizeof(int32_t) * (mcount / 2 + 1));
    *sub_v = malloc(sizeof(int32_t) * (mcount / 2 + 1));
    *sub_w = malloc(sizeof(limb) * ((size_t)mcount / 2 * L + L));
    while (rounds < PRICED_ROUNDS && count <= mcount / 2) {
        int c = 0;
        for (int k = 0; k < mcount; k++) {
            if (!chosen[k]) continue;
            (*sub_u)[c] = eu[k];
            (*sub_v)[c] = ev[k];
            num_copy(*sub_w + (size_t)c * L, w + (size_t)k * L, L);
            c++;
        }
        if (rounds++) teardown(m);
        solve_graph(m, n, count, L, 1, *sub_u, *sub_v, *sub_w);
        int added = 0, free_left = 0;
        for (int v = 0; v < n; v++) free_left |= m->mate[v] == -1;
        if (free_left) {
            for (int k = 0; k < mcount; k++) {
                if (!chosen[k] && (m->mate[eu[k]] == -1 || m->mate[ev[k]] == -1)) {
                    chosen[k] = 1;
                    added++;
                }
            }
            if (!added) break; /* no perfect matching in the whole graph either */
        } else {
            added = uncovered_edges(m, mcount, eu, ev, w, chosen);
            if (!added) {
                found = 1;
                break;
            }
        }
        count += added;
    }
    free(chosen);
    if (!found && rounds) teardown(m);
    return found;
}

static PyObject *solve(PyObject *self, PyObject *args) {
    int n, L, perfect = 0, with_certificate = 0, priced = 0;
    Py_buffer bu, bv, bw;
    if (!PyArg_ParseTuple(args, "iy*y*y*i|ppp", &n, &bu, &bv, &bw, &L, &perfect, &with_certificate, &priced))
        return NULL;
    int mcount = (int)(bu.len / 4);
    PyObject *result = NULL;
    if (bv.len != bu.len || bw.len != (Py_ssize_t)mcount * L * 8 || L < 1 || n < 0) {
        PyErr_SetString(PyExc_ValueError, "inconsistent edge arrays");
        goto done;
    }
    const int32_t *eu = bu.buf, *ev = bv.buf;
    const limb *w = bw.buf;
    M mm;
    M *m = &mm;
    int32_t *sub_u = NULL, *sub_v = NULL;
    limb *sub_w = NULL;
    int solved = 0;
    if (priced && perfect && n > 0 && mcount > 0) {
        for (int k = 0; k < mcount; k++) {
            if (eu[k] < 0 || eu[k] >= n || ev[k] < 0 || ev[k] >= n || eu[k] == ev[k]) {
                PyErr_SetString(PyExc_ValueError, "edge endpoint out of range");
                goto done;
            }
        }
        solved = priced_solve(m, n, mcount, L, eu, ev, w, &sub_u, &sub_v, &sub_w);
    }
    if (!solved && solve_graph(m, n, mcount, L, perfect, eu, ev, w)) {
        PyErr_SetString(PyExc_ValueError, "edge endpoint out of range");
        goto done;
    }
    PyObject *mates = PyBytes_FromStringAndSize(NULL, (Py_ssize_t)n * 4);
    PyObject *cert = with_certificate ? certificate(m, eu, ev, w, mcount) : (Py_INCREF(Py_None), Py_None);
    if (mates && cert) {
        int32_t *out = (int32_t *)PyBytes_AS_STRING(mates);
        for (int v = 0; v < n; v++) out[v] = m->mate[v] == -1 ? -1 : m->endpoint[m->mate[v]];
        result = PyTuple_Pack(2, mates, cert);
    }
    Py_XDECREF(mates);
    Py_XDECREF(cert);
    teardown(m);
    free(sub_u);
    free(sub_v);
    free(sub_w);
done:
    PyBuffer_Release(&bu);
    PyBuffer_Release(&bv);
    PyBuffer_Release(&bw);
    return result;
}

static PyMethodDef methods[] = {
    {"solve", solve, METH_VARARGS,
     "solve(n, us, vs, weights, limbs[, perfect[, certificate[, priced]]]) -> (int32 mates, certificate or None)"},
    {NULL, NULL, 0, NULL},
};

static struct PyModuleDef module = {PyModuleDef_HEAD_INIT, "_blossom", "Exact maximum-weight matching.", -1, methods};

PyMODINIT_FUNC PyInit__blossom(void) { return PyModule_Create(&module); }
