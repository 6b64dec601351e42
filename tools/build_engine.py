#!/usr/bin/env python3
"""Build and install the fixed durable-rules engine that bridge-director needs.

The stock PyPI build of durable-rules 2.0.28 segfaults on ordinary correlated
rules (an out-of-bounds scan in ``reduceExpressionSequence``, src/rules/events.c)
and does not import on Python 3.13 (``PyEval_CallObject`` was removed). Upstream
is unmaintained, so this script:

1. downloads the durable_rules 2.0.28 sdist from PyPI (or reuses the copy cached
   under ``~/.cache/bridge-director/``, or takes ``--sdist PATH``),
2. verifies its sha256,
3. unpacks it into a temporary directory,
4. applies our fix as exact text edits (failing loudly if an edit does not apply),
5. marks the build: version ``2.0.28+bridgedirector.<FIX_LEVEL>`` in setup.py and a
   module ``durable/_bridge_director_fix.py`` with ``FIX_LEVEL = <FIX_LEVEL>``,
6. installs it into the running interpreter with ``sys.executable -m pip install``.

It is idempotent: if the fixed build (at least FIX_LEVEL) is already installed it
says so and exits 0. ``--force`` rebuilds and reinstalls.

Nothing from durable-rules is written into the repository.

Usage::

    python tools/build_engine.py [--force] [--sdist PATH] [--keep]
"""
from __future__ import annotations

import argparse
import hashlib
import os
import pathlib
import shutil
import subprocess
import sys
import tarfile
import tempfile

SDIST_NAME = "durable_rules-2.0.28.tar.gz"
SDIST_REQ = "durable-rules==2.0.28"
SDIST_SHA256 = "053b26f5e48d312d4fa27995243f954671be6eece477f150c059c364eb4d7d61"
UPSTREAM_VERSION = "2.0.28"
# Bump FIX_LEVEL whenever the patch below changes; bridge_director/infer/enginecheck.py requires
# at least this level (keep the two in step).
FIX_LEVEL = 10
FIXED_VERSION = f"{UPSTREAM_VERSION}+bridgedirector.{FIX_LEVEL}"
MARKER_MODULE = "durable._bridge_director_fix"


class BuildError(RuntimeError):
    """Raised when the sdist cannot be fetched, verified, patched or installed."""


# (file, old text, new text, expected number of occurrences; None = at least one)
EDITS: list[tuple[str, str, str, int | None]] = [
    (
        "src/rules/events.c",
        # reduceExpressionSequence: short-circuit scan to the OP_END of the current
        # group. The stock loop reads past the end of the expression array.
        "            while (currentExpression->operator != OP_END) {\n"
        "                ++*i;\n"
        "                currentExpression = &exprs->expressions[*i];\n"
        "            }\n",
        "            /* bridge-director fix: bounds-checked scan (stock build reads past\n"
        "               the end of exprs->expressions and segfaults) */\n"
        "            while (*i < exprs->length && exprs->expressions[*i].operator != OP_END) {\n"
        "                ++*i;\n"
        "            }\n",
        1,
    ),
    (
        "src/rules/events.c",
        # handleAlpha walks the alpha network with a fixed stack of 64 nodes and fails
        # with ERR_MAX_STACK_SIZE (303) once more than 64 alpha nodes hang off one fact
        # type (a rulebook with many rules over `call` facts). 64 pointers -> 4096.
        "#define MAX_STACK_SIZE 64\n",
        "#define MAX_STACK_SIZE 4096  /* bridge-director fix: was 64 (ERR 303 on large rulebooks) */\n",
        1,
    ),
    (
        "src/rules/state.h",
        # Every new session (one per case) allocates and zeroes two hash indexes of 512
        # buckets for every beta node of the ruleset (8 KiB per node), so each case paid
        # for every rule in the rulebook, fired or not. Buckets are taken modulo the length
        # and chained, so any length is correct; our sessions hold tens of facts: 32 (fix
        # level 3), 8 since level 10 (a node's state, set up when a round first uses the node,
        # is then two cache lines, not eight; most nodes hold one or two frames, and the
        # chaotic 500-event auctions rule in the same time).
        "#define MAX_LEFT_FRAME_INDEX_LENGTH 512\n"
        "#define MAX_RIGHT_FRAME_INDEX_LENGTH 512\n",
        "#define MAX_LEFT_FRAME_INDEX_LENGTH 8  /* bridge-director: was 512 */\n"
        "#define MAX_RIGHT_FRAME_INDEX_LENGTH 8  /* bridge-director: was 512 */\n",
        1,
    ),
    (
        "src/rules/rules.h",
        # The alpha network keeps each node's children in a 512-slot open-addressing table,
        # but the first slot is taken from only the low 5 bits of the property-name hash, so
        # all children crowd into one long run that every property of every fact walks. Use
        # the whole table (insertion and look-up both use this mask, so it stays consistent).
        "#define HASH_MASK 0x1F\n",
        "#define HASH_MASK 0x1FF  /* bridge-director: was 0x1F (512-slot tables, 32 used) */\n",
        1,
    ),
    (
        "setup.py",
        # setup.py overwrites CFLAGS, so the engine's static library is compiled without
        # optimisation (-O0). Matching runs about a third faster at -O2.
        "  environ['CFLAGS'] = '-std=c99 -D_GNU_SOURCE'\n",
        "  environ['CFLAGS'] = '-std=c99 -D_GNU_SOURCE -O2'\n",
        1,
    ),
    (
        "src/rules/state.c",
        # Frame pools: a new session set up five pools of frame nodes for every node of the
        # network (several KiB each, over a thousand mallocs per case), though a case touches
        # a few dozen. Pools now start empty and are set up by NEW on first use; a pool never
        # used stays NULL (free(NULL) is a no-op, and every read goes through an offset that
        # only NEW can hand out).
        "#define NEW(type, pool, valueOffset) do { \\\n"
        "    valueOffset = pool.freeOffset; \\\n",
        "#define LAZY_INIT(pool, length) do { \\\n"
        "    pool.content = NULL; \\\n"
        "    pool.contentLength = length; \\\n"
        "    pool.freeOffset = 1; \\\n"
        "    pool.count = 0; \\\n"
        "} while(0)\n"
        "\n"
        "#define NEW(type, pool, valueOffset) do { \\\n"
        "    if (!pool.content) { \\\n"
        "        INIT(type, pool, pool.contentLength); \\\n"
        "    } \\\n"
        "    valueOffset = pool.freeOffset; \\\n",
        1,
    ),
    (
        "src/rules/state.c",
        "        INIT(leftFrameNode, \n"
        "             betaNode->leftFramePool, \n"
        "             MAX_LEFT_FRAME_NODES);\n",
        "        LAZY_INIT(betaNode->leftFramePool, MAX_LEFT_FRAME_NODES);\n",
        1,
    ),
    (
        "src/rules/state.c",
        "        INIT(rightFrameNode, \n"
        "             betaNode->rightFramePool, \n"
        "             MAX_RIGHT_FRAME_NODES);\n",
        "        LAZY_INIT(betaNode->rightFramePool, MAX_RIGHT_FRAME_NODES);\n",
        1,
    ),
    (
        "src/rules/state.c",
        "        INIT(leftFrameNode, \n"
        "             connectorNode->aFramePool, \n"
        "             MAX_LEFT_FRAME_NODES);\n",
        "        LAZY_INIT(connectorNode->aFramePool, MAX_LEFT_FRAME_NODES);\n",
        1,
    ),
    (
        "src/rules/state.c",
        "        INIT(leftFrameNode, \n"
        "             connectorNode->bFramePool, \n"
        "             MAX_LEFT_FRAME_NODES);\n",
        "        LAZY_INIT(connectorNode->bFramePool, MAX_LEFT_FRAME_NODES);\n",
        1,
    ),
    (
        "src/rules/state.c",
        "        INIT(leftFrameNode, \n"
        "             actionNode->resultPool, \n"
        "             MAX_LEFT_FRAME_NODES);\n",
        "        LAZY_INIT(actionNode->resultPool, MAX_LEFT_FRAME_NODES);\n",
        1,
    ),
    (
        "src/rules/events.c",
        # Joins on integer fields (event numbers) hash the decimal text of the value for every
        # frame stored, and snprintf("%lld") was most of the join cost. The same text, written
        # by hand (so every hash stays what it was).
        "static unsigned int getFrameHashForExpression(ruleset *tree,\n",
        "/* bridge-director: the text snprintf(\"%lld\") writes for v, without the printf machinery */\n"
        "static void formatInt(char *out, long long v) {\n"
        "    char digits[24];\n"
        "    int n = 0;\n"
        "    unsigned long long u = v < 0 ? 0ULL - (unsigned long long)v : (unsigned long long)v;\n"
        "    do {\n"
        "        digits[n++] = (char)('0' + u % 10);\n"
        "        u /= 10;\n"
        "    } while (u);\n"
        "    if (v < 0) {\n"
        "        *out++ = '-';\n"
        "    }\n"
        "    while (n) {\n"
        "        *out++ = digits[--n];\n"
        "    }\n"
        "    *out = '\\0';\n"
        "}\n"
        "\n"
        "static unsigned int getFrameHashForExpression(ruleset *tree,\n",
        1,
    ),
    (
        "src/rules/events.c",
        "            char string[MAX_INT_LENGTH + 1];\n"
        "            snprintf(string, sizeof(char)*(MAX_INT_LENGTH + 1), \"%lld\", property->value.i);\n",
        "            char string[MAX_INT_LENGTH + 1];\n"
        "            formatInt(string, property->value.i);  /* bridge-director: was snprintf %lld */\n",
        1,
    ),
    (
        "src/rules/rete.h",
        # handleAlpha looked for an alpha node's children by walking, for every property of
        # the fact, the probe run of that property's hash in the node's 512-slot child table:
        # a node whose children test two properties still cost a probe per property of the
        # fact (a call fact has about forty). Each node now keeps the distinct property names
        # its children test (worked out on first use), and when they are fewer than the
        # fact's properties only those are looked up in the fact; they are then walked in the
        # fact's property order, as before, so children are matched, and actions come out, in
        # the same order.
        "    void *getIdleStateCallbackContext;\n",
        "    void *getIdleStateCallbackContext;\n"
        "    /* bridge-director: per alpha node, [count, property-name hash...] of its children */\n"
        "    unsigned int **alphaChildProperties;\n"
        "    /* bridge-director: per alpha node, its children by the property they test (childIndex) */\n"
        "    unsigned int **alphaChildIndex;\n",
        1,
    ),
    (
        "src/rules/rete.c",
        "    tree->getIdleStateCallbackContext = NULL;\n",
        "    tree->getIdleStateCallbackContext = NULL;\n"
        "    tree->alphaChildProperties = NULL;  /* bridge-director */\n"
        "    tree->alphaChildIndex = NULL;  /* bridge-director */\n",
        1,
    ),
    (
        "src/rules/rete.c",
        "    free(tree->statePool.content);\n"
        "    free(tree);\n"
        "    DELETE_HANDLE(handle);\n",
        "    free(tree->statePool.content);\n"
        "    if (tree->alphaChildProperties) {  /* bridge-director */\n"
        "        for (unsigned int i = 0; i < tree->nodeOffset; ++i) {\n"
        "            free(tree->alphaChildProperties[i]);\n"
        "        }\n"
        "        free(tree->alphaChildProperties);\n"
        "    }\n"
        "    if (tree->alphaChildIndex) {  /* bridge-director */\n"
        "        for (unsigned int i = 0; i < tree->nodeOffset; ++i) {\n"
        "            free(tree->alphaChildIndex[i]);\n"
        "        }\n"
        "        free(tree->alphaChildIndex);\n"
        "    }\n"
        "    free(tree);\n"
        "    DELETE_HANDLE(handle);\n",
        1,
    ),
    (
        "src/rules/events.c",
        "static unsigned int handleAlpha(ruleset *tree,\n",
        "/* bridge-director: the distinct property-name hashes the conjunctive children of alpha\n"
        "   node a test, as [count, hash...]; worked out on first use and kept in the ruleset.\n"
        "   NULL when out of memory (the caller then walks every property of the fact). */\n"
        "static unsigned int *childPropertyHashes(ruleset *tree, alpha *a) {\n"
        "    node *owner = (node *)((char *)a - offsetof(node, value));\n"
        "    unsigned int index = (unsigned int)(owner - tree->nodePool);\n"
        "    if (index >= tree->nodeOffset) {\n"
        "        return NULL;\n"
        "    }\n"
        "    if (!tree->alphaChildProperties) {\n"
        "        tree->alphaChildProperties = calloc(tree->nodeOffset, sizeof(unsigned int *));\n"
        "        if (!tree->alphaChildProperties) {\n"
        "            return NULL;\n"
        "        }\n"
        "    }\n"
        "    unsigned int *known = tree->alphaChildProperties[index];\n"
        "    if (known) {\n"
        "        return known;\n"
        "    }\n"
        "    unsigned int *nextHashset = &tree->nextPool[a->nextOffset];\n"
        "    unsigned int hashes[NEXT_BUCKET_LENGTH];\n"
        "    unsigned int count = 0;\n"
        "    for (unsigned int entry = 0; entry < NEXT_BUCKET_LENGTH; ++entry) {\n"
        "        if (nextHashset[entry]) {\n"
        "            unsigned int hash = tree->nodePool[nextHashset[entry]].value.a.expression.left.value.id.propertyNameHash;\n"
        "            unsigned int k = 0;\n"
        "            while (k < count && hashes[k] != hash) {\n"
        "                ++k;\n"
        "            }\n"
        "            if (k == count) {\n"
        "                hashes[count++] = hash;\n"
        "            }\n"
        "        }\n"
        "    }\n"
        "    known = malloc((count + 1) * sizeof(unsigned int));\n"
        "    if (!known) {\n"
        "        return NULL;\n"
        "    }\n"
        "    known[0] = count;\n"
        "    memcpy(known + 1, hashes, count * sizeof(unsigned int));\n"
        "    tree->alphaChildProperties[index] = known;\n"
        "    return known;\n"
        "}\n"
        "\n"
        "static unsigned int handleAlpha(ruleset *tree,\n",
        1,
    ),
    (
        "src/rules/events.c",
        "        // calculate conjunctive nodes\n"
        "        if (currentAlpha->nextOffset) {\n"
        "            unsigned int *nextHashset = &tree->nextPool[currentAlpha->nextOffset];\n"
        "            for(unsigned int propertyIndex = 0; propertyIndex < jo->propertiesLength; ++propertyIndex) {\n"
        "                jsonProperty *currentProperty = &jo->properties[propertyIndex];\n",
        "        // calculate conjunctive nodes\n"
        "        if (currentAlpha->nextOffset) {\n"
        "            unsigned int *nextHashset = &tree->nextPool[currentAlpha->nextOffset];\n"
        "            /* bridge-director: only the fact's properties that some child tests, in the\n"
        "               fact's order (the order every property was walked in before) */\n"
        "            unsigned int *childHashes = childPropertyHashes(tree, currentAlpha);\n"
        "            unsigned char tested[MAX_OBJECT_PROPERTIES];\n"
        "            unsigned int testedLength = 0;\n"
        "            unsigned char onlyTested = childHashes && childHashes[0] < jo->propertiesLength;\n"
        "            if (onlyTested) {\n"
        "                for (unsigned int k = 1; k <= childHashes[0]; ++k) {\n"
        "                    jsonProperty *found;\n"
        "                    if (getObjectProperty(jo, childHashes[k], &found) == RULES_OK) {\n"
        "                        unsigned char at = (unsigned char)(found - jo->properties);\n"
        "                        unsigned int j = testedLength++;\n"
        "                        while (j > 0 && tested[j - 1] > at) {\n"
        "                            tested[j] = tested[j - 1];\n"
        "                            --j;\n"
        "                        }\n"
        "                        tested[j] = at;\n"
        "                    }\n"
        "                }\n"
        "            }\n"
        "            unsigned int walkLength = onlyTested ? testedLength : jo->propertiesLength;\n"
        "            for(unsigned int step = 0; step < walkLength; ++step) {\n"
        "                unsigned int propertyIndex = onlyTested ? tested[step] : step;\n"
        "                jsonProperty *currentProperty = &jo->properties[propertyIndex];\n",
        1,
    ),
    (
        "src/rules/events.c",
        # Fix level 9: an alpha node's children grouped by the property they test, with each
        # string equality's constant hashed (childIndex): handleAlpha walked, for each tested
        # property of a fact, the whole probe run of children testing it (every `t == X` of the
        # ruleset for every fact), reading each child's node (a cache miss apiece) and
        # evaluating its test; now it reads small arrays and evaluates only the equalities the
        # value's hash allows. The same children are matched, in the same order.
        "static unsigned int handleAlpha(ruleset *tree,\n",
        "/* bridge-director: the conjunctive children of alpha node a grouped by the property they\n"
        "   test, each group in the order the walk of its probe run meets them (from the property-name\n"
        "   hash's slot to the first empty one), as [count, (hash, start, length) x count, then\n"
        "   (node, kind, value hash) x children]: kind 0, a join (taken as it is); 1, a test evaluated as\n"
        "   ever; 2, equality with a string constant whose FNV hash is the value hash (a string of another\n"
        "   hash cannot equal it, so its node is not even read). The walk then reads a few small arrays\n"
        "   instead of every node of a long probe run (all the children testing `t` share one). Worked\n"
        "   out on first use and kept in the ruleset; NULL when out of memory (the walk as before). */\n"
        "static unsigned int *childIndex(ruleset *tree, alpha *a) {\n"
        "    node *owner = (node *)((char *)a - offsetof(node, value));\n"
        "    unsigned int index = (unsigned int)(owner - tree->nodePool);\n"
        "    if (index >= tree->nodeOffset) {\n"
        "        return NULL;\n"
        "    }\n"
        "    if (!tree->alphaChildIndex) {\n"
        "        tree->alphaChildIndex = calloc(tree->nodeOffset, sizeof(unsigned int *));\n"
        "        if (!tree->alphaChildIndex) {\n"
        "            return NULL;\n"
        "        }\n"
        "    }\n"
        "    unsigned int *known = tree->alphaChildIndex[index];\n"
        "    if (known) {\n"
        "        return known;\n"
        "    }\n"
        "    unsigned int *nextHashset = &tree->nextPool[a->nextOffset];\n"
        "    unsigned int hashes[NEXT_BUCKET_LENGTH];\n"
        "    unsigned int count = 0;\n"
        "    unsigned int children = 0;\n"
        "    for (unsigned int entry = 0; entry < NEXT_BUCKET_LENGTH; ++entry) {\n"
        "        if (nextHashset[entry]) {\n"
        "            ++children;\n"
        "            unsigned int hash = tree->nodePool[nextHashset[entry]].value.a.expression.left.value.id.propertyNameHash;\n"
        "            unsigned int k = 0;\n"
        "            while (k < count && hashes[k] != hash) {\n"
        "                ++k;\n"
        "            }\n"
        "            if (k == count) {\n"
        "                hashes[count++] = hash;\n"
        "            }\n"
        "        }\n"
        "    }\n"
        "    known = malloc((1 + 3 * count + 3 * children) * sizeof(unsigned int));\n"
        "    if (!known) {\n"
        "        return NULL;\n"
        "    }\n"
        "    known[0] = count;\n"
        "    unsigned int at = 1 + 3 * count;\n"
        "    for (unsigned int k = 0; k < count; ++k) {\n"
        "        unsigned int n = 0;\n"
        "        known[1 + 3 * k] = hashes[k];\n"
        "        known[2 + 3 * k] = at;\n"
        "        unsigned int entry = hashes[k] & HASH_MASK;\n"
        "        for (unsigned int steps = 0; steps < NEXT_BUCKET_LENGTH && nextHashset[entry] != 0; ++steps) {\n"
        "            alpha *child = &tree->nodePool[nextHashset[entry]].value.a;\n"
        "            if (child->expression.left.value.id.propertyNameHash == hashes[k] && n < children) {\n"
        "                unsigned int kind = 1;\n"
        "                unsigned int valueHash = 0;\n"
        "                if (child->expression.right.type == JSON_IDENTIFIER || child->expression.right.type == JSON_EXPRESSION) {\n"
        "                    kind = 0;\n"
        "                } else if (child->expression.operator == OP_EQ && child->expression.right.type == JSON_STRING &&\n"
        "                           child->expression.left.type == JSON_MESSAGE_IDENTIFIER) {\n"
        "                    char *constant = &tree->stringPool[child->expression.right.value.stringOffset];\n"
        "                    kind = 2;\n"
        "                    valueHash = fnv1Hash32(constant, strlen(constant));\n"
        "                }\n"
        "                known[at++] = nextHashset[entry];\n"
        "                known[at++] = kind;\n"
        "                known[at++] = valueHash;\n"
        "                ++n;\n"
        "            }\n"
        "            entry = (entry + 1) % NEXT_BUCKET_LENGTH;\n"
        "        }\n"
        "        known[3 + 3 * k] = n;\n"
        "    }\n"
        "    tree->alphaChildIndex[index] = known;\n"
        "    return known;\n"
        "}\n"
        "\n"
        "static unsigned int handleAlpha(ruleset *tree,\n",
        1,
    ),
    (
        "src/rules/events.c",
        "        // calculate conjunctive nodes\n"
        "        if (currentAlpha->nextOffset) {\n"
        "            unsigned int *nextHashset = &tree->nextPool[currentAlpha->nextOffset];\n"
        "            /* bridge-director: only the fact's properties that some child tests, in the\n",
        "        // calculate conjunctive nodes\n"
        "        /* bridge-director: the children by the property they test (childIndex), for the fact's\n"
        "           properties some child tests, in the fact's order: the same children, met in the same\n"
        "           order, as the walk below; an equality with a string constant is evaluated only when\n"
        "           the value's hash is the constant's */\n"
        "        unsigned int *childIndexes = currentAlpha->nextOffset ? childIndex(tree, currentAlpha) : NULL;\n"
        "        if (childIndexes) {\n"
        "            unsigned char tested[MAX_OBJECT_PROPERTIES];\n"
        "            unsigned int groupOf[MAX_OBJECT_PROPERTIES];\n"
        "            unsigned int testedLength = 0;\n"
        "            for (unsigned int k = 0; k < childIndexes[0]; ++k) {\n"
        "                jsonProperty *found;\n"
        "                if (getObjectProperty(jo, childIndexes[1 + 3 * k], &found) == RULES_OK) {\n"
        "                    unsigned char at = (unsigned char)(found - jo->properties);\n"
        "                    unsigned int j = testedLength++;\n"
        "                    while (j > 0 && tested[j - 1] > at) {\n"
        "                        tested[j] = tested[j - 1];\n"
        "                        groupOf[j] = groupOf[j - 1];\n"
        "                        --j;\n"
        "                    }\n"
        "                    tested[j] = at;\n"
        "                    groupOf[j] = k;\n"
        "                }\n"
        "            }\n"
        "            for (unsigned int step = 0; step < testedLength; ++step) {\n"
        "                jsonProperty *currentProperty = &jo->properties[tested[step]];\n"
        "                unsigned int *group = &childIndexes[1 + 3 * groupOf[step]];\n"
        "                unsigned int *child = &childIndexes[group[1]];\n"
        "                unsigned char valueHashed = 0;\n"
        "                unsigned int valueHash = 0;\n"
        "                for (unsigned int c = 0; c < group[2]; ++c, child += 3) {\n"
        "                    node *hashNode = &tree->nodePool[child[0]];\n"
        "                    if (child[1] == 0) {\n"
        "                        if (top == MAX_STACK_SIZE) {\n"
        "                            return ERR_MAX_STACK_SIZE;\n"
        "                        }\n"
        "                        stack[top] = &hashNode->value.a;\n"
        "                        ++top;\n"
        "                        continue;\n"
        "                    }\n"
        "                    if (child[1] == 2 && currentProperty->type == JSON_STRING) {\n"
        "                        if (!valueHashed) {\n"
        "                            valueHash = fnv1Hash32(currentProperty->value.s, currentProperty->valueLength);\n"
        "                            valueHashed = 1;\n"
        "                        }\n"
        "                        if (valueHash != child[2]) {\n"
        "                            continue;\n"
        "                        }\n"
        "                    }\n"
        "                    unsigned char match = 0;\n"
        "                    if (hashNode->value.a.expression.operator == OP_IALL || hashNode->value.a.expression.operator == OP_IANY) {\n"
        "                        CHECK_RESULT(isArrayMatch(tree,\n"
        "                                                  jo,\n"
        "                                                  jo,\n"
        "                                                  currentProperty,\n"
        "                                                  &hashNode->value.a,\n"
        "                                                  &match));\n"
        "                    } else {\n"
        "                        CHECK_RESULT(isAlphaMatch(tree,\n"
        "                                                  &hashNode->value.a,\n"
        "                                                  jo,\n"
        "                                                  jo,\n"
        "                                                  &match));\n"
        "                    }\n"
        "                    if (match) {\n"
        "                        if (top == MAX_STACK_SIZE) {\n"
        "                            return ERR_MAX_STACK_SIZE;\n"
        "                        }\n"
        "                        stack[top] = &hashNode->value.a;\n"
        "                        ++top;\n"
        "                    }\n"
        "                }\n"
        "            }\n"
        "        } else if (currentAlpha->nextOffset) {\n"
        "            unsigned int *nextHashset = &tree->nextPool[currentAlpha->nextOffset];\n"
        "            /* bridge-director: only the fact's properties that some child tests, in the\n",
        1,
    ),
    (
        "src/rules/events.c",
        "#include <string.h>\n",
        "#include <string.h>\n"
        "#include <stddef.h>  /* bridge-director: offsetof */\n",
        1,
    ),
    (
        "src/rulespy/rules.c",
        # PyEval_CallObject was removed in Python 3.13.
        "PyEval_CallObject(",
        "PyObject_CallObject(",
        None,
    ),
    (
        "src/rules/state.c",
        # A session's facts are found by the 32-bit FNV hash of their id alone: the stock
        # build takes the first stored fact whose id HASH matches, so a new fact whose id hash
        # collides with a stored fact's (the id is itself a hash of the fact's content, sid
        # included) is answered "already observed" and silently dropped; rules that needed it
        # do not fire, in about one session in a few thousand, depending on the sid. Facts,
        # and sessions (by sid), are now found by hash AND text.
        "unsigned int getMessage(stateNode *state,\n",
        "/* bridge-director: whether stored message node has the id text mid (read as\n"
        "   handleMessage reads a message's id: its id property's text, or the computed idBuffer) */\n"
        "static unsigned char messageIdIs(messageNode *node, char *mid, unsigned int midLength) {\n"
        "    jsonObject *jo = &node->jo;\n"
        "    if (jo->idIndex == UNDEFINED_INDEX || jo->idIndex >= jo->propertiesLength || !jo->content) {\n"
        "        return 0;\n"
        "    }\n"
        "    jsonProperty *p = &jo->properties[jo->idIndex];\n"
        "    if (p->valueLength != midLength) {\n"
        "        return 0;\n"
        "    }\n"
        "    char *text = p->valueOffset ? jo->content + p->valueOffset : jo->idBuffer;\n"
        "    return strncmp(text, mid, midLength) == 0;\n"
        "}\n"
        "\n"
        "/* bridge-director: the stored message with id mid (hash: its FNV hash), by hash and text */\n"
        "static void findMessage(stateNode *state, char *mid, unsigned int hash, unsigned int *valueOffset) {\n"
        "    unsigned int midLength = strlen(mid);\n"
        "    unsigned int offset = state->messageIndex[(hash % MAX_MESSAGE_INDEX_LENGTH) * 2];\n"
        "    while (offset != UNDEFINED_HASH_OFFSET) {\n"
        "        messageNode *node = MESSAGE_NODE(state, offset);\n"
        "        if (node->hash == hash && messageIdIs(node, mid, midLength)) {\n"
        "            break;\n"
        "        }\n"
        "        offset = node->nextOffset;\n"
        "    }\n"
        "    *valueOffset = offset;\n"
        "}\n"
        "\n"
        "/* bridge-director: the session with id sid (sidHash: its FNV hash), by hash and text */\n"
        "static unsigned int findState(ruleset *tree, char *sid, unsigned int sidHash) {\n"
        "    unsigned int offset = tree->stateIndex[(sidHash % MAX_STATE_INDEX_LENGTH) * 2];\n"
        "    while (offset != UNDEFINED_HASH_OFFSET) {\n"
        "        stateNode *node = STATE_NODE(tree, offset);\n"
        "        if (node->hash == sidHash && node->sid && strcmp(node->sid, sid) == 0) {\n"
        "            break;\n"
        "        }\n"
        "        offset = node->nextOffset;\n"
        "    }\n"
        "    return offset;\n"
        "}\n"
        "\n"
        "unsigned int getMessage(stateNode *state,\n",
        1,
    ),
    (
        "src/rules/state.c",
        "    GET_FIRST(messageNode, \n"
        "              state->messageIndex, \n"
        "              MAX_MESSAGE_INDEX_LENGTH, \n"
        "              state->messagePool, \n"
        "              hash, \n"
        "              *valueOffset);\n",
        "    findMessage(state, mid, hash, valueOffset);  /* bridge-director: was GET_FIRST (hash only) */\n",
        2,
    ),
    (
        "src/rules/state.c",
        "    GET_FIRST(stateNode, \n"
        "              rulesetTree->stateIndex, \n"
        "              MAX_STATE_INDEX_LENGTH, \n"
        "              ((ruleset*)tree)->statePool, \n"
        "              sidHash, \n"
        "              nodeOffset);\n",
        "    nodeOffset = findState(rulesetTree, sid, sidHash);  /* bridge-director: was GET_FIRST (hash only) */\n",
        1,
    ),
    (
        "src/rules/state.c",
        "    GET_FIRST(stateNode, \n"
        "             tree->stateIndex, \n"
        "             MAX_STATE_INDEX_LENGTH, \n"
        "             ((ruleset*)tree)->statePool, \n"
        "             sidHash, \n"
        "             nodeOffset);\n",
        "    nodeOffset = findState(tree, sid, sidHash);  /* bridge-director: was GET_FIRST (hash only) */\n",
        1,
    ),
    (
        "setup.py",
        f"    version = '{UPSTREAM_VERSION}',\n",
        f"    version = '{FIXED_VERSION}',\n",
        1,
    ),
]

_EDITS10: list[tuple[str, str, str, int | None]] = [
    (
        "src/rules/state.h",
        # Fix level 10: a new session (one per round of a case) set up the state of every beta,
        # connector and action node of its ruleset (over half a kilobyte per beta node: two
        # frame indexes, written in full), though a round touches a few dozen of them; on a
        # ruleset of hundreds of rules most of the session's set-up was cache misses. Each
        # node's state is now set up on first use: the session keeps a bit per node (zeroed at
        # creation), and every access to a node's state goes through BETA_STATE,
        # CONNECTOR_STATE or ACTION_STATE, which set the node up when its bit is clear. A node
        # never used stays unset; deleting the session frees only the nodes set up.
        "    betaStateNode *betaState;\n"
        "    actionStateNode *actionState; \n"
        "    connectorStateNode *connectorState;\n"
        "    actionContext context;\n"
        "} stateNode;\n",
        "    betaStateNode *betaState;\n"
        "    actionStateNode *actionState; \n"
        "    connectorStateNode *connectorState;\n"
        "    actionContext context;\n"
        "    /* bridge-director: a bit per beta, connector and action node, set once the node's\n"
        "       state is set up (on first use); one block, betaReady first */\n"
        "    unsigned char *betaReady;\n"
        "    unsigned char *connectorReady;\n"
        "    unsigned char *actionReady;\n"
        "} stateNode;\n"
        "\n"
        "/* bridge-director: a session's node states are set up on first use (state.c) */\n"
        "betaStateNode *initBetaState(stateNode *state, unsigned int index);\n"
        "connectorStateNode *initConnectorState(stateNode *state, unsigned int index);\n"
        "actionStateNode *initActionState(stateNode *state, unsigned int index);\n"
        "#define STATE_READY(bits, index) ((bits)[(index) >> 3] & (1u << ((index) & 7)))\n"
        "#define BETA_STATE(state, index) (STATE_READY((state)->betaReady, (index)) ? \\\n"
        "    &(state)->betaState[(index)] : initBetaState((state), (index)))\n"
        "#define CONNECTOR_STATE(state, index) (STATE_READY((state)->connectorReady, (index)) ? \\\n"
        "    &(state)->connectorState[(index)] : initConnectorState((state), (index)))\n"
        "#define ACTION_STATE(state, index) (STATE_READY((state)->actionReady, (index)) ? \\\n"
        "    &(state)->actionState[(index)] : initActionState((state), (index)))\n",
        1,
    ),
    ("src/rules/state.h", "state->betaState[index].", "BETA_STATE(state, index)->", 2),
    ("src/rules/state.h", "state->connectorState[index].", "CONNECTOR_STATE(state, index)->", 2),
    ("src/rules/state.h", "state->actionState[index].", "ACTION_STATE(state, index)->", 1),
    ("src/rules/state.c", "state->connectorState[index].", "CONNECTOR_STATE(state, index)->", 4),
    ("src/rules/state.c", "state->connectorState[location.nodeIndex].",
     "CONNECTOR_STATE(state, location.nodeIndex)->", 8),
    ("src/rules/state.c", "state->connectorState[reteNode->value.b.index].",
     "CONNECTOR_STATE(state, reteNode->value.b.index)->", 3),
    ("src/rules/state.c", "&state->actionState[resultLocation.nodeIndex];",
     "ACTION_STATE(state, resultLocation.nodeIndex);", 1),
    ("src/rules/state.c", "state->actionState[location.nodeIndex].", "ACTION_STATE(state, location.nodeIndex)->", 6),
    ("src/rules/state.c", "&state->actionState[reteNode->value.c.index];",
     "ACTION_STATE(state, reteNode->value.c.index);", 1),
    ("src/rules/state.c", "state->actionState[reteNode->value.c.index].",
     "ACTION_STATE(state, reteNode->value.c.index)->", 1),
    ("src/rules/events.c", "state->betaState[currentLocationNode->location.nodeIndex].",
     "BETA_STATE(state, currentLocationNode->location.nodeIndex)->", 2),
    (
        "src/rules/state.c",
        "    node->betaState = malloc(((ruleset*)tree)->betaCount * sizeof(betaStateNode));\n"
        "    for (unsigned int i = 0; i < ((ruleset*)tree)->betaCount; ++i) {\n"
        "        betaStateNode *betaNode = &node->betaState[i];\n"
        "        betaNode->reteNode = NULL;\n"
        "\n"
        "        LAZY_INIT(betaNode->leftFramePool, MAX_LEFT_FRAME_NODES);\n"
        "\n"
        "        memset(betaNode->leftFrameIndex, 0, MAX_LEFT_FRAME_INDEX_LENGTH * sizeof(unsigned int) * 2);\n"
        "        \n"
        "        LAZY_INIT(betaNode->rightFramePool, MAX_RIGHT_FRAME_NODES);\n"
        "\n"
        "        memset(betaNode->rightFrameIndex, 0, MAX_RIGHT_FRAME_INDEX_LENGTH * sizeof(unsigned int) * 2);\n"
        "    }\n"
        "\n"
        "    node->connectorState = malloc(((ruleset*)tree)->connectorCount * sizeof(connectorStateNode));\n"
        "    for (unsigned int i = 0; i < ((ruleset*)tree)->connectorCount; ++i) {\n"
        "        connectorStateNode *connectorNode = &node->connectorState[i];\n"
        "        connectorNode->reteNode = NULL;\n"
        "\n"
        "        LAZY_INIT(connectorNode->aFramePool, MAX_LEFT_FRAME_NODES);\n"
        "\n"
        "        connectorNode->aFrameIndex[0] = UNDEFINED_HASH_OFFSET;\n"
        "        connectorNode->aFrameIndex[1] = UNDEFINED_HASH_OFFSET;\n"
        "\n"
        "        LAZY_INIT(connectorNode->bFramePool, MAX_LEFT_FRAME_NODES);\n"
        "\n"
        "        connectorNode->bFrameIndex[0] = UNDEFINED_HASH_OFFSET;\n"
        "        connectorNode->bFrameIndex[1] = UNDEFINED_HASH_OFFSET;\n"
        "    }\n"
        "\n"
        "    node->actionState = malloc(((ruleset*)tree)->actionCount * sizeof(actionStateNode));\n"
        "    for (unsigned int i = 0; i < ((ruleset*)tree)->actionCount; ++i) {\n"
        "        actionStateNode *actionNode = &node->actionState[i];\n"
        "        actionNode->reteNode = NULL;\n"
        "        \n"
        "        actionNode->resultIndex[0] = UNDEFINED_HASH_OFFSET;\n"
        "        actionNode->resultIndex[1] = UNDEFINED_HASH_OFFSET;\n"
        "\n"
        "        LAZY_INIT(actionNode->resultPool, MAX_LEFT_FRAME_NODES);\n"
        "    }        \n",
        "    /* bridge-director: the node states are allocated, not set up: each is set up on first\n"
        "       use (initBetaState, initConnectorState, initActionState), its bit cleared here */\n"
        "    ruleset *sizes = (ruleset*)tree;\n"
        "    unsigned int betaBytes = (sizes->betaCount + 7) / 8;\n"
        "    unsigned int connectorBytes = (sizes->connectorCount + 7) / 8;\n"
        "    unsigned int actionBytes = (sizes->actionCount + 7) / 8;\n"
        "    node->betaReady = calloc(betaBytes + connectorBytes + actionBytes + 1, 1);\n"
        "    node->betaState = malloc(sizes->betaCount * sizeof(betaStateNode) + 1);\n"
        "    node->connectorState = malloc(sizes->connectorCount * sizeof(connectorStateNode) + 1);\n"
        "    node->actionState = malloc(sizes->actionCount * sizeof(actionStateNode) + 1);\n"
        "    if (!node->betaReady || !node->betaState || !node->connectorState || !node->actionState) {\n"
        "        return ERR_OUT_OF_MEMORY;\n"
        "    }\n"
        "    node->connectorReady = node->betaReady + betaBytes;\n"
        "    node->actionReady = node->connectorReady + connectorBytes;\n",
        1,
    ),
    (
        "src/rules/state.c",
        "unsigned int deleteStateNode(void *tree, \n",
        "/* bridge-director: a session's node states, set up on first use (see createStateNode) */\n"
        "betaStateNode *initBetaState(stateNode *state, unsigned int index) {\n"
        "    betaStateNode *betaNode = &state->betaState[index];\n"
        "    betaNode->reteNode = NULL;\n"
        "    LAZY_INIT(betaNode->leftFramePool, MAX_LEFT_FRAME_NODES);\n"
        "    memset(betaNode->leftFrameIndex, 0, MAX_LEFT_FRAME_INDEX_LENGTH * sizeof(unsigned int) * 2);\n"
        "    LAZY_INIT(betaNode->rightFramePool, MAX_RIGHT_FRAME_NODES);\n"
        "    memset(betaNode->rightFrameIndex, 0, MAX_RIGHT_FRAME_INDEX_LENGTH * sizeof(unsigned int) * 2);\n"
        "    state->betaReady[index >> 3] |= (unsigned char)(1u << (index & 7));\n"
        "    return betaNode;\n"
        "}\n"
        "\n"
        "connectorStateNode *initConnectorState(stateNode *state, unsigned int index) {\n"
        "    connectorStateNode *connectorNode = &state->connectorState[index];\n"
        "    connectorNode->reteNode = NULL;\n"
        "    LAZY_INIT(connectorNode->aFramePool, MAX_LEFT_FRAME_NODES);\n"
        "    connectorNode->aFrameIndex[0] = UNDEFINED_HASH_OFFSET;\n"
        "    connectorNode->aFrameIndex[1] = UNDEFINED_HASH_OFFSET;\n"
        "    LAZY_INIT(connectorNode->bFramePool, MAX_LEFT_FRAME_NODES);\n"
        "    connectorNode->bFrameIndex[0] = UNDEFINED_HASH_OFFSET;\n"
        "    connectorNode->bFrameIndex[1] = UNDEFINED_HASH_OFFSET;\n"
        "    state->connectorReady[index >> 3] |= (unsigned char)(1u << (index & 7));\n"
        "    return connectorNode;\n"
        "}\n"
        "\n"
        "actionStateNode *initActionState(stateNode *state, unsigned int index) {\n"
        "    actionStateNode *actionNode = &state->actionState[index];\n"
        "    actionNode->reteNode = NULL;\n"
        "    actionNode->resultIndex[0] = UNDEFINED_HASH_OFFSET;\n"
        "    actionNode->resultIndex[1] = UNDEFINED_HASH_OFFSET;\n"
        "    LAZY_INIT(actionNode->resultPool, MAX_LEFT_FRAME_NODES);\n"
        "    state->actionReady[index >> 3] |= (unsigned char)(1u << (index & 7));\n"
        "    return actionNode;\n"
        "}\n"
        "\n"
        "unsigned int deleteStateNode(void *tree, \n",
        1,
    ),
    (
        "src/rules/state.c",
        "    for (unsigned int i = 0; i < rulesetTree->betaCount; ++i) {\n"
        "        betaStateNode *betaNode = &node->betaState[i];\n"
        "        free(betaNode->leftFramePool.content);\n"
        "        free(betaNode->rightFramePool.content);\n"
        "    }\n"
        "    free(node->betaState);\n"
        "\n"
        "    for (unsigned int i = 0; i < rulesetTree->connectorCount; ++i) {\n"
        "        connectorStateNode *connectorNode = &node->connectorState[i];\n"
        "        free(connectorNode->aFramePool.content);\n"
        "        free(connectorNode->bFramePool.content);\n"
        "    }\n"
        "    free(node->connectorState);\n"
        "\n"
        "    for (unsigned int i = 0; i < rulesetTree->actionCount; ++i) {\n"
        "        actionStateNode *actionNode = &node->actionState[i];\n"
        "        free(actionNode->resultPool.content);\n"
        "    }   \n"
        "    free(node->actionState);\n",
        "    /* bridge-director: only the node states set up (a node never used holds nothing) */\n"
        "    for (unsigned int i = 0; i < rulesetTree->betaCount; ++i) {\n"
        "        if (!STATE_READY(node->betaReady, i)) {\n"
        "            continue;\n"
        "        }\n"
        "        betaStateNode *betaNode = &node->betaState[i];\n"
        "        free(betaNode->leftFramePool.content);\n"
        "        free(betaNode->rightFramePool.content);\n"
        "    }\n"
        "    free(node->betaState);\n"
        "    node->betaState = NULL;\n"
        "\n"
        "    for (unsigned int i = 0; i < rulesetTree->connectorCount; ++i) {\n"
        "        if (!STATE_READY(node->connectorReady, i)) {\n"
        "            continue;\n"
        "        }\n"
        "        connectorStateNode *connectorNode = &node->connectorState[i];\n"
        "        free(connectorNode->aFramePool.content);\n"
        "        free(connectorNode->bFramePool.content);\n"
        "    }\n"
        "    free(node->connectorState);\n"
        "    node->connectorState = NULL;\n"
        "\n"
        "    for (unsigned int i = 0; i < rulesetTree->actionCount; ++i) {\n"
        "        if (!STATE_READY(node->actionReady, i)) {\n"
        "            continue;\n"
        "        }\n"
        "        actionStateNode *actionNode = &node->actionState[i];\n"
        "        free(actionNode->resultPool.content);\n"
        "    }   \n"
        "    free(node->actionState);\n"
        "    node->actionState = NULL;\n"
        "    free(node->betaReady);\n"
        "    node->betaReady = node->connectorReady = node->actionReady = NULL;\n",
        1,
    ),
    (
        "src/rules/state.c",
        "        for (unsigned int index = 0; index < rulesetTree->actionCount; ++index) {\n"
        "            actionStateNode *actionNode = &state->actionState[index];\n"
        "            if (actionNode->reteNode) {\n",
        "        for (unsigned int index = 0; index < rulesetTree->actionCount; ++index) {\n"
        "            /* bridge-director: a node never used has no results (its state is not set up;\n"
        "               a whole byte of such nodes is passed over at once) */\n"
        "            if (!state->actionReady[index >> 3]) {\n"
        "                index |= 7;\n"
        "                continue;\n"
        "            }\n"
        "            if (!STATE_READY(state->actionReady, index)) {\n"
        "                continue;\n"
        "            }\n"
        "            actionStateNode *actionNode = &state->actionState[index];\n"
        "            if (actionNode->reteNode) {\n",
        1,
    ),
]
def _beta_functions(side, Side, frame):
    """(old, new) of the get/set/delete functions of one side's frames (Left or Right)."""
    maxlen = f"MAX_{side.upper()}_FRAME_INDEX_LENGTH"
    return [
        (
            f"    unsigned int valueOffset;\n"
            f"    GET_LAST({frame}, \n"
            f"             state->betaState[index].{side}FrameIndex, \n"
            f"             {maxlen}, \n"
            f"             state->betaState[index].{side}FramePool, \n",
            f"    unsigned int valueOffset;\n"
            f"    /* bridge-director: a node whose state is not set up has no frames */\n"
            f"    if (!STATE_READY(state->betaReady, index)) {{\n"
            f"        *node = NULL;\n"
            f"        return RULES_OK;\n"
            f"    }}\n"
            f"    betaStateNode *beta = &state->betaState[index];\n"
            f"    GET_LAST({frame}, \n"
            f"             beta->{side}FrameIndex, \n"
            f"             {maxlen}, \n"
            f"             beta->{side}FramePool, \n",
        ),
        (
            f"    SET({frame}, \n"
            f"        state->betaState[location.nodeIndex].{side}FrameIndex, \n"
            f"        {maxlen}, \n"
            f"        state->betaState[location.nodeIndex].{side}FramePool, \n",
            f"    betaStateNode *beta = BETA_STATE(state, location.nodeIndex);  /* bridge-director */\n"
            f"    SET({frame}, \n"
            f"        beta->{side}FrameIndex, \n"
            f"        {maxlen}, \n"
            f"        beta->{side}FramePool, \n",
        ),
        (
            f"    DELETE({frame},\n"
            f"           state->betaState[location.nodeIndex].{side}FrameIndex, \n"
            f"           {maxlen},\n"
            f"           state->betaState[location.nodeIndex].{side}FramePool,\n",
            f"    betaStateNode *beta = BETA_STATE(state, location.nodeIndex);  /* bridge-director */\n"
            f"    DELETE({frame},\n"
            f"           beta->{side}FrameIndex, \n"
            f"           {maxlen},\n"
            f"           beta->{side}FramePool,\n",
        ),
    ]


for _old, _new in _beta_functions("left", "Left", "leftFrameNode") + _beta_functions("right", "Right", "rightFrameNode"):
    _EDITS10.append(("src/rules/state.c", _old, _new, 1))

_EDITS10 += [
    (
        "src/rules/state.c",
        "    unsigned int newValueOffset;\n"
        "    NEW(leftFrameNode, \n"
        "        state->betaState[reteNode->value.b.index].leftFramePool, \n"
        "        newValueOffset);\n",
        "    unsigned int newValueOffset;\n"
        "    betaStateNode *beta = BETA_STATE(state, reteNode->value.b.index);  /* bridge-director */\n"
        "    NEW(leftFrameNode, \n"
        "        beta->leftFramePool, \n"
        "        newValueOffset);\n",
        1,
    ),
    (
        "src/rules/state.c",
        "    *newNode = targetNode;\n"
        "    state->betaState[reteNode->value.b.index].reteNode = reteNode;\n",
        "    *newNode = targetNode;\n"
        "    beta->reteNode = reteNode;\n",
        1,
    ),
    (
        "src/rules/state.c",
        "    unsigned int valueOffset;\n"
        "    NEW(rightFrameNode, \n"
        "        state->betaState[reteNode->value.b.index].rightFramePool, \n"
        "        valueOffset);\n"
        "    *node = RIGHT_FRAME_NODE(state, reteNode->value.b.index, valueOffset);\n",
        "    unsigned int valueOffset;\n"
        "    betaStateNode *beta = BETA_STATE(state, reteNode->value.b.index);  /* bridge-director */\n"
        "    NEW(rightFrameNode, \n"
        "        beta->rightFramePool, \n"
        "        valueOffset);\n"
        "    *node = &((rightFrameNode *)beta->rightFramePool.content)[valueOffset];\n",
        1,
    ),
    (
        "src/rules/state.c",
        "    location->frameOffset = valueOffset;\n"
        "\n"
        "    state->betaState[reteNode->value.b.index].reteNode = reteNode;\n",
        "    location->frameOffset = valueOffset;\n"
        "\n"
        "    beta->reteNode = reteNode;\n",
        1,
    ),
    (
        "src/rules/state.c",
        # A session's messages (facts) sit in a pool of 16 nodes of about 9 KB each (a parsed
        # object of up to 255 properties), grown by half with realloc: a round storing 50 facts
        # copied 16, 24 and 36 nodes (some 680 KB, most of it never written) through the cache.
        # The pool starts with 64 nodes (malloc'd, only each node's header written).
        "#define MAX_MESSAGE_NODES 16\n",
        "#define MAX_MESSAGE_NODES 64  /* bridge-director: was 16 (grown by realloc, 9 KB a node) */\n",
        1,
    ),
    (
        "src/rules/rete.h",
        # Every node of the network was 1,848 bytes: a beta node's 32 expression slots sat in
        # the node, in a union with every other kind, so an alpha node (80 bytes of fields)
        # took as much, and each node visited was its own cache misses; a ruleset's nodes
        # spread over 1-3 MB. A beta node's expressions now live out of line (allocated with
        # the node, 32 slots while the ruleset is compiled, then packed into one block per
        # ruleset at their lengths): a node is under 100 bytes.
        "    expression expressions[MAX_SEQUENCE_EXPRESSIONS];\n"
        "} expressionSequence;\n",
        "    expression *expressions;  /* bridge-director: out of the node (was [MAX_SEQUENCE_EXPRESSIONS]) */\n"
        "} expressionSequence;\n",
        1,
    ),
    (
        "src/rules/rete.h",
        "    unsigned int **alphaChildIndex;\n",
        "    unsigned int **alphaChildIndex;\n"
        "    /* bridge-director: the beta nodes' expressions, packed at the end of the compile */\n"
        "    expression *packedExpressions;\n",
        1,
    ),
    (
        "src/rules/rete.c",
        "    tree->alphaChildIndex = NULL;  /* bridge-director */\n",
        "    tree->alphaChildIndex = NULL;  /* bridge-director */\n"
        "    tree->packedExpressions = NULL;  /* bridge-director */\n",
        1,
    ),
    (
        "src/rules/rete.c",
        "        newBeta->value.b.expressionSequence.length = 0;\n",
        "        newBeta->value.b.expressionSequence.length = 0;\n"
        "        /* bridge-director: the expressions out of the node (packed by packExpressions) */\n"
        "        newBeta->value.b.expressionSequence.expressions = malloc(MAX_SEQUENCE_EXPRESSIONS * sizeof(expression));\n"
        "        if (!newBeta->value.b.expressionSequence.expressions) {\n"
        "            return ERR_OUT_OF_MEMORY;\n"
        "        }\n",
        1,
    ),
    (
        "src/rules/rete.c",
        "unsigned int deleteRuleset(unsigned int handle) {\n"
        "    ruleset *tree;\n"
        "    RESOLVE_HANDLE(handle, &tree);\n"
        "\n",
        "unsigned int deleteRuleset(unsigned int handle) {\n"
        "    ruleset *tree;\n"
        "    RESOLVE_HANDLE(handle, &tree);\n"
        "\n"
        "    /* bridge-director: the beta nodes' expressions (one packed block, or one each) */\n"
        "    if (tree->packedExpressions) {\n"
        "        free(tree->packedExpressions);\n"
        "    } else {\n"
        "        for (unsigned int i = 0; i < tree->nodeOffset; ++i) {\n"
        "            if (tree->nodePool[i].type == NODE_BETA || tree->nodePool[i].type == NODE_CONNECTOR) {\n"
        "                free(tree->nodePool[i].value.b.expressionSequence.expressions);\n"
        "            }\n"
        "        }\n"
        "    }\n",
        1,
    ),
    (
        "src/rules/rete.c",
        "    return createTree(tree, rules);\n"
        "}\n",
        "    CHECK_RESULT(createTree(tree, rules));\n"
        "    return packExpressions(tree);  /* bridge-director */\n"
        "}\n",
        1,
    ),
    (
        "src/rules/rete.c",
        "unsigned int createRuleset(",
        "/* bridge-director: the beta nodes' expressions, allocated 32 slots each while compiling,\n"
        "   copied into one block at their lengths, each followed by an OP_END slot (nothing reads a\n"
        "   sequence past its length; the guard keeps an unterminated one from running into the next) */\n"
        "static unsigned int packExpressions(ruleset *tree) {\n"
        "    unsigned int total = 0;\n"
        "    for (unsigned int i = 0; i < tree->nodeOffset; ++i) {\n"
        "        node *n = &tree->nodePool[i];\n"
        "        if (n->type == NODE_BETA || n->type == NODE_CONNECTOR) {\n"
        "            total += n->value.b.expressionSequence.length + 1;\n"
        "        }\n"
        "    }\n"
        "    expression *packed = calloc(total + 1, sizeof(expression));\n"
        "    if (!packed) {\n"
        "        return RULES_OK;  /* out of memory: the nodes keep their own blocks */\n"
        "    }\n"
        "    expression *at = packed;\n"
        "    for (unsigned int i = 0; i < tree->nodeOffset; ++i) {\n"
        "        node *n = &tree->nodePool[i];\n"
        "        if (n->type == NODE_BETA || n->type == NODE_CONNECTOR) {\n"
        "            expressionSequence *exprs = &n->value.b.expressionSequence;\n"
        "            memcpy(at, exprs->expressions, exprs->length * sizeof(expression));\n"
        "            at[exprs->length].operator = OP_END;\n"
        "            free(exprs->expressions);\n"
        "            exprs->expressions = at;\n"
        "            at += exprs->length + 1;\n"
        "        }\n"
        "    }\n"
        "    tree->packedExpressions = packed;\n"
        "    return RULES_OK;\n"
        "}\n"
        "\n"
        "unsigned int createRuleset(",
        1,
    ),
]

# level 10's edits go after the others (they edit text the earlier ones wrote)
EDITS[-1:-1] = _EDITS10

MARKER_SOURCE = f'''"""Marker installed by bridge-director's tools/build_engine.py.

Its presence means this durable-rules build carries bridge-director's fix for the
out-of-bounds scan in reduceExpressionSequence (events.c), the alpha-network stack of
64 nodes in handleAlpha (events.c, error 303 on large rulebooks), per-session hash indexes
sized for big sessions (state.h: every case paid for every rule), alpha-node child tables
that use all their slots (rules.h), frame pools set up on first use (state.c), integer
join keys formatted without snprintf (events.c), alpha nodes that look up only the properties
their children test and their children grouped by property with
string equalities hashed (events.c, rete.c/h), facts and sessions found by id text as well as
id hash (state.c: a colliding hash silently dropped a fact), a session's node states set up on first
use with small frame indexes and a larger first message pool (state.c/h), beta nodes' expressions
out of the node (rete.c/h: nodes under 100 bytes, not 1,848), an optimised (-O2) build of the
engine library, and the Python 3.13 PyEval_CallObject removal (rules.c). The stock PyPI build does not have it.
"""
FIX_LEVEL = {FIX_LEVEL}
UPSTREAM_VERSION = "{UPSTREAM_VERSION}"
VERSION = "{FIXED_VERSION}"
'''


def log(msg: str) -> None:
    print(f"[build_engine] {msg}", flush=True)


def cache_dir() -> pathlib.Path:
    """Return the download cache directory (``$XDG_CACHE_HOME/bridge-director``)."""
    base = os.environ.get("XDG_CACHE_HOME") or os.path.join(os.path.expanduser("~"), ".cache")
    return pathlib.Path(base) / "bridge-director"


def sha256_of(path: pathlib.Path) -> str:
    h = hashlib.sha256()
    with open(path, "rb") as f:
        for block in iter(lambda: f.read(1 << 16), b""):
            h.update(block)
    return h.hexdigest()


def installed_fix_level() -> int | None:
    """Return FIX_LEVEL of the durable build importable by this interpreter, or None.

    Checked in a fresh subprocess so a build installed earlier in this process
    (or a stale import cache) cannot mislead us.
    """
    code = (
        "import importlib\n"
        "try:\n"
        f"    m = importlib.import_module({MARKER_MODULE!r})\n"
        "    import durable.engine\n"
        "except Exception:\n"
        "    print('none')\n"
        "else:\n"
        "    print(getattr(m, 'FIX_LEVEL', 0))\n"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                         cwd=tempfile.gettempdir())
    value = out.stdout.strip().splitlines()[-1:] or ["none"]
    return None if value[0] == "none" else int(value[0])


def fetch_sdist(explicit: pathlib.Path | None) -> pathlib.Path:
    """Return a path to the verified sdist, downloading it into the cache if needed."""
    if explicit is not None:
        path = explicit
    else:
        path = cache_dir() / SDIST_NAME
        if not path.exists() or sha256_of(path) != SDIST_SHA256:
            path.parent.mkdir(parents=True, exist_ok=True)
            with tempfile.TemporaryDirectory() as dl:
                log(f"downloading {SDIST_REQ} sdist from PyPI")
                subprocess.run(
                    [sys.executable, "-m", "pip", "download", "--quiet", "--no-deps",
                     "--no-binary", ":all:", SDIST_REQ, "-d", dl],
                    check=True,
                )
                got = pathlib.Path(dl) / SDIST_NAME
                if not got.exists():
                    raise BuildError(f"pip download did not produce {SDIST_NAME}: {os.listdir(dl)}")
                shutil.copyfile(got, path)
        else:
            log(f"using cached sdist {path}")
    if not path.exists():
        raise BuildError(f"sdist not found: {path}")
    digest = sha256_of(path)
    if digest != SDIST_SHA256:
        raise BuildError(f"sha256 mismatch for {path}: got {digest}, expected {SDIST_SHA256}")
    log(f"sha256 ok ({SDIST_SHA256[:12]}...)")
    return path


def unpack(sdist: pathlib.Path, dest: pathlib.Path) -> pathlib.Path:
    with tarfile.open(sdist) as tar:
        try:
            tar.extractall(dest, filter="data")
        except TypeError:  # Python without extraction filters
            tar.extractall(dest)
    src = dest / "durable_rules-2.0.28"
    if not (src / "setup.py").exists():
        raise BuildError(f"unexpected sdist layout in {sdist}")
    return src


def apply_fix(src: pathlib.Path) -> None:
    """Apply EDITS and write the marker module; raise BuildError if any edit misses."""
    for rel, old, new, expected in EDITS:
        path = src / rel
        text = path.read_text(encoding="utf-8")
        n = text.count(old)
        if n == 0 or (expected is not None and n != expected):
            raise BuildError(
                f"patch does not apply to {rel}: expected "
                f"{expected if expected is not None else '>=1'} occurrence(s) of "
                f"{old.strip()[:60]!r}, found {n}"
            )
        path.write_text(text.replace(old, new), encoding="utf-8")
        log(f"patched {rel} ({n} place{'s' if n != 1 else ''})")
    leftover = (src / "src/rulespy/rules.c").read_text(encoding="utf-8").count("PyEval_CallObject")
    if leftover:
        raise BuildError(f"PyEval_CallObject still present {leftover} time(s) in rules.c")
    marker = src / "libpy" / "durable" / "_bridge_director_fix.py"
    marker.write_text(MARKER_SOURCE, encoding="utf-8")
    log(f"wrote marker {marker.relative_to(src)} (FIX_LEVEL={FIX_LEVEL})")


def install(src: pathlib.Path) -> None:
    log(f"compiling and installing durable-rules {FIXED_VERSION} into {sys.executable}")
    cmd = [sys.executable, "-m", "pip", "install", "--quiet", "--no-deps",
           "--force-reinstall", "--no-cache-dir", str(src)]
    # The 2020 setup.py makes modern setuptools print pages of deprecation
    # warnings; show the compiler/pip output only when the build fails.
    proc = subprocess.run(cmd, capture_output=True, text=True)
    if proc.returncode != 0:
        sys.stderr.write(proc.stdout + proc.stderr)
        raise BuildError(f"pip install of the patched sdist failed (exit {proc.returncode})")


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--force", action="store_true", help="rebuild even if the fixed build is installed")
    ap.add_argument("--sdist", type=pathlib.Path, help="use this durable_rules-2.0.28.tar.gz (offline)")
    ap.add_argument("--keep", action="store_true", help="keep the patched source tree (prints its path)")
    args = ap.parse_args(argv)

    level = installed_fix_level()
    if level is not None and level >= FIX_LEVEL and not args.force:
        log(f"fixed durable-rules (FIX_LEVEL={level}) already installed for {sys.executable}; "
            "nothing to do (use --force to rebuild)")
        return 0
    if level is not None and level < FIX_LEVEL:
        log(f"installed fixed build is older (FIX_LEVEL={level} < {FIX_LEVEL}); upgrading")

    try:
        sdist = fetch_sdist(args.sdist)
        work = pathlib.Path(tempfile.mkdtemp(prefix="bridge-director-engine-"))
        try:
            src = unpack(sdist, work)
            apply_fix(src)
            install(src)
        finally:
            if args.keep:
                log(f"patched source kept in {work}")
            else:
                shutil.rmtree(work, ignore_errors=True)
    except (BuildError, subprocess.CalledProcessError) as e:
        print(f"[build_engine] FAILED: {e}", file=sys.stderr)
        return 1

    level = installed_fix_level()
    if level != FIX_LEVEL:
        print(f"[build_engine] FAILED: after install the marker reports FIX_LEVEL={level}", file=sys.stderr)
        return 1
    log(f"done: durable-rules {FIXED_VERSION} installed (FIX_LEVEL={FIX_LEVEL})")
    return 0


if __name__ == "__main__":
    sys.exit(main())
