-- The dataset loader's checks (kernel-lib/data/load.ts, data/README.md) as SQL constraints and
-- anti-joins, for data past one Node heap (issue 27): one row per problem, naming the row by its key
-- (a CSV line number means nothing to a distributed engine) and the column.
--
-- Same SQL subset as taskComponents.sql (DuckDB, Trino, Spark SQL; TRY_CAST is in all three). Inputs:
-- the six files as text, one table each: raw_occupations, raw_sectors, raw_tasks, raw_systems, raw_runs,
-- raw_judgments (every column VARCHAR, an empty cell NULL; a number column may instead be numeric, as a
-- typed Parquet file gives it: it is read through the same TRY_CAST and cast to text only in a message;
-- runs' optional node_hours as a column, NULL when the file has none). Output columns: file, row_key (the row's key, e.g. run_id=r1),
-- column_name, message; ordered by file, then key.
WITH
-- The big files' keys are checked in two steps: an aggregate per key that finds, exactly, every key
-- that may have a problem (one hash table of 5 million keys at 5 million runs, not one of 20 million
-- (run_id, reference, judge)), then the old itemising query over those keys' rows only (nothing to
-- read when the data are clean). See docs/scale.md ("validate.sql, two steps").
--
-- (reference, judge) pairs of judgments, numbered 0..15 (modulo 16: two pairs may share a code, which
-- only makes a run suspect, never hides one)
judge_pairs AS (
  SELECT reference, judge, (ROW_NUMBER() OVER (ORDER BY reference, judge) - 1) % 16 AS code
  FROM (SELECT DISTINCT reference, judge FROM raw_judgments) d
),
-- one row per run_id of runs or judgments: its runs, its judgments, and judgment_bits = the sum over its
-- judgments of 2^code (0 for a judgment whose reference or judge is empty). Its judgments are distinct
-- (run_id, reference, judge) only if no two share a code, i.e. no addition carried, i.e. the number
-- of 1 bits of judgment_bits (< 2^16 then) equals the number of judgments: popcount(S) <= the terms
-- added, with equality exactly when no addition carries.
run_keys AS (
  SELECT run_id, SUM(is_run) AS runs, COUNT(*) - SUM(is_run) AS judgments, SUM(bit) AS judgment_bits
  FROM (
    SELECT run_id, 1 AS is_run, CAST(0 AS BIGINT) AS bit FROM raw_runs
    UNION ALL
    SELECT j.run_id, 0, COALESCE(CAST(POWER(2, p.code) AS BIGINT), CAST(0 AS BIGINT))
    FROM raw_judgments j LEFT JOIN judge_pairs p ON p.reference = j.reference AND p.judge = j.judge
  ) u
  GROUP BY run_id
),
-- the run_ids whose judgments need itemising: a run not in runs (or an empty run_id), or judgments that
-- may repeat a (reference, judge)
suspect_run_keys AS (
  SELECT run_id, CASE WHEN runs = 0 OR run_id IS NULL THEN 1 ELSE 0 END AS unknown_run
  FROM run_keys
  WHERE runs = 0 OR run_id IS NULL
     OR (judgments > 1 AND (judgment_bits >= 65536 OR FLOOR(judgment_bits / 1) % 2 + FLOOR(judgment_bits / 2) % 2 + FLOOR(judgment_bits / 4) % 2 + FLOOR(judgment_bits / 8) % 2 + FLOOR(judgment_bits / 16) % 2 + FLOOR(judgment_bits / 32) % 2 + FLOOR(judgment_bits / 64) % 2 + FLOOR(judgment_bits / 128) % 2 + FLOOR(judgment_bits / 256) % 2 + FLOOR(judgment_bits / 512) % 2 + FLOOR(judgment_bits / 1024) % 2 + FLOOR(judgment_bits / 2048) % 2 + FLOOR(judgment_bits / 4096) % 2 + FLOOR(judgment_bits / 8192) % 2 + FLOOR(judgment_bits / 16384) % 2 + FLOOR(judgment_bits / 32768) % 2 <> judgments))
),
suspect_judgments AS (
  SELECT j.run_id, j.reference, j.judge, k.unknown_run FROM raw_judgments j JOIN suspect_run_keys k ON k.run_id = j.run_id
  UNION ALL
  SELECT run_id, reference, judge, 1 FROM raw_judgments WHERE run_id IS NULL
),
-- one row per (task_id, system) of runs: its runs, and attempt_bits = the sum over its runs of
-- 2^(attempt - 1) (0 for an attempt that is not an integer in 1..30). Its attempts are exactly 1..n
-- (n its runs) if and only if n <= 30 and attempt_bits = 2^n - 1: n ones need n terms without a carry.
run_groups AS (
  SELECT task_id, system, COUNT(*) AS n,
         SUM(CASE WHEN TRY_CAST(attempt AS INTEGER) BETWEEN 1 AND 30 AND TRY_CAST(attempt AS DOUBLE) = TRY_CAST(attempt AS INTEGER)
                  THEN CAST(POWER(2, TRY_CAST(attempt AS INTEGER) - 1) AS BIGINT) ELSE CAST(0 AS BIGINT) END) AS attempt_bits
  FROM raw_runs GROUP BY task_id, system
),
-- the task and system ids the groups and runs are looked up in (each read once)
known_tasks AS (SELECT DISTINCT task_id FROM raw_tasks),
known_systems AS (SELECT DISTINCT system FROM raw_systems),
-- the groups whose runs need itemising: an unknown task or system, or attempts that are not 1..n
-- (each condition written once, as a flag, and the flags filtered)
suspect_groups AS (
  SELECT task_id, system, unknown_task, unknown_system, attempts_suspect
  FROM (
    SELECT g.task_id, g.system,
           CASE WHEN g.task_id IS NOT NULL AND t.task_id IS NULL THEN 1 ELSE 0 END AS unknown_task,
           CASE WHEN g.system IS NOT NULL AND s.system IS NULL THEN 1 ELSE 0 END AS unknown_system,
           CASE WHEN g.n <= 30 AND g.attempt_bits = POWER(2, g.n) - 1 THEN 0 ELSE 1 END AS attempts_suspect
    FROM run_groups g
    LEFT JOIN known_tasks t ON t.task_id = g.task_id
    LEFT JOIN known_systems s ON s.system = g.system
  ) f
  WHERE unknown_task = 1 OR unknown_system = 1 OR attempts_suspect = 1
),
suspect_runs AS (
  SELECT r.run_id, r.task_id, r.system, r.attempt, g.unknown_task, g.unknown_system, g.attempts_suspect
  FROM raw_runs r JOIN suspect_groups g ON g.task_id = r.task_id AND g.system = r.system
  UNION ALL
  SELECT r.run_id, r.task_id, r.system, r.attempt,
         CASE WHEN r.task_id IS NOT NULL AND t.task_id IS NULL THEN 1 ELSE 0 END,
         CASE WHEN r.system IS NOT NULL AND s.system IS NULL THEN 1 ELSE 0 END, 1
  FROM raw_runs r
  LEFT JOIN known_tasks t ON t.task_id = r.task_id
  LEFT JOIN known_systems s ON s.system = r.system
  WHERE r.task_id IS NULL OR r.system IS NULL
),
problems AS (
  -- required text
  SELECT 'occupations' AS file, 'occupation=' || COALESCE(occupation, '') AS row_key, c.column_name, 'required' AS message
  FROM raw_occupations JOIN (SELECT 'occupation' AS column_name UNION ALL SELECT 'soc_code' UNION ALL SELECT 'category' UNION ALL SELECT 'sector') c ON 1 = 1
  WHERE (CASE c.column_name WHEN 'occupation' THEN occupation WHEN 'soc_code' THEN soc_code WHEN 'category' THEN category ELSE sector END) IS NULL
  UNION ALL
  SELECT 'tasks', 'task_id=' || COALESCE(task_id, ''), 'occupation', 'required' FROM raw_tasks WHERE occupation IS NULL OR task_id IS NULL
  UNION ALL
  SELECT 'runs', 'run_id=' || COALESCE(run_id, ''), 'task_id', 'required' FROM raw_runs WHERE task_id IS NULL OR run_id IS NULL
  UNION ALL
  SELECT 'runs', 'run_id=' || run_id, 'system', 'required' FROM raw_runs WHERE system IS NULL
  -- numbers: what each must be
  UNION ALL
  SELECT 'occupations', 'occupation=' || occupation, 'median_hourly_wage_usd', 'expected a positive number: ' || COALESCE(CAST(median_hourly_wage_usd AS VARCHAR), '(empty)')
  FROM raw_occupations WHERE NOT COALESCE(TRY_CAST(median_hourly_wage_usd AS DOUBLE) > 0, FALSE)
  UNION ALL
  SELECT 'occupations', 'occupation=' || occupation, 'employment', 'expected a number >= 0: ' || COALESCE(CAST(employment AS VARCHAR), '(empty)')
  FROM raw_occupations WHERE NOT COALESCE(TRY_CAST(employment AS DOUBLE) >= 0, FALSE)
  UNION ALL
  SELECT 'sectors', 'sector=' || sector, 'gdp_share', 'expected a positive number: ' || COALESCE(CAST(gdp_share AS VARCHAR), '(empty)')
  FROM raw_sectors WHERE NOT COALESCE(TRY_CAST(gdp_share AS DOUBLE) > 0, FALSE)
  UNION ALL
  SELECT 'tasks', 'task_id=' || task_id, 'expert_hours', 'expected a positive number: ' || COALESCE(CAST(expert_hours AS VARCHAR), '(empty)')
  FROM raw_tasks WHERE NOT COALESCE(TRY_CAST(expert_hours AS DOUBLE) > 0, FALSE)
  UNION ALL
  SELECT 'tasks', 'task_id=' || task_id, 'expert_ai_hours', 'expected a positive number or an empty cell: ' || CAST(expert_ai_hours AS VARCHAR)
  FROM raw_tasks WHERE expert_ai_hours IS NOT NULL AND NOT COALESCE(TRY_CAST(expert_ai_hours AS DOUBLE) > 0, FALSE)
  UNION ALL
  SELECT 'systems', 'system=' || system, 'accelerator_count', 'expected an integer >= 1: ' || COALESCE(CAST(accelerator_count AS VARCHAR), '(empty)')
  FROM raw_systems WHERE NOT COALESCE(TRY_CAST(accelerator_count AS INTEGER) >= 1 AND TRY_CAST(accelerator_count AS DOUBLE) = TRY_CAST(accelerator_count AS INTEGER), FALSE)
  UNION ALL
  SELECT 'runs', 'run_id=' || run_id, 'attempt', 'expected an integer >= 1: ' || COALESCE(CAST(attempt AS VARCHAR), '(empty)')
  FROM raw_runs WHERE NOT COALESCE(TRY_CAST(attempt AS INTEGER) >= 1 AND TRY_CAST(attempt AS DOUBLE) = TRY_CAST(attempt AS INTEGER), FALSE)
  UNION ALL
  SELECT 'runs', 'run_id=' || run_id, 'ai_hours', 'expected a number >= 0: ' || COALESCE(CAST(ai_hours AS VARCHAR), '(empty)')
  FROM raw_runs WHERE NOT COALESCE(TRY_CAST(ai_hours AS DOUBLE) >= 0, FALSE)
  UNION ALL
  SELECT 'runs', 'run_id=' || run_id, 'cost_usd', 'expected a number >= 0: ' || COALESCE(CAST(cost_usd AS VARCHAR), '(empty)')
  FROM raw_runs WHERE NOT COALESCE(TRY_CAST(cost_usd AS DOUBLE) >= 0, FALSE)
  UNION ALL
  SELECT 'runs', 'run_id=' || run_id, 'energy_mj', 'expected a positive number: ' || COALESCE(CAST(energy_mj AS VARCHAR), '(empty)')
  FROM raw_runs WHERE NOT COALESCE(TRY_CAST(energy_mj AS DOUBLE) > 0, FALSE)
  UNION ALL
  SELECT 'runs', 'run_id=' || run_id, 'node_hours', 'expected a number >= 0 or an empty cell: ' || CAST(node_hours AS VARCHAR)
  FROM raw_runs WHERE node_hours IS NOT NULL AND NOT COALESCE(TRY_CAST(node_hours AS DOUBLE) >= 0, FALSE)
  UNION ALL
  SELECT 'judgments', 'run_id=' || run_id || ',reference=' || COALESCE(reference, '') || ',judge=' || COALESCE(judge, ''), 'reference', 'expected expert_only or expert_with_ai: ' || COALESCE(reference, '(empty)')
  FROM raw_judgments WHERE reference IS NULL OR reference NOT IN ('expert_only', 'expert_with_ai')
  UNION ALL
  SELECT 'judgments', 'run_id=' || run_id || ',reference=' || COALESCE(reference, '') || ',judge=' || COALESCE(judge, ''), 'outcome', 'expected win, tie or loss: ' || COALESCE(outcome, '(empty)')
  FROM raw_judgments WHERE outcome IS NULL OR outcome NOT IN ('win', 'tie', 'loss')
  -- duplicate ids of the four small files (one row per repeated key, with its count)
  UNION ALL
  SELECT 'occupations', 'occupation=' || occupation, 'occupation', 'duplicate occupation (' || CAST(COUNT(*) AS VARCHAR) || ' rows)' FROM raw_occupations GROUP BY occupation HAVING COUNT(*) > 1
  UNION ALL
  SELECT 'sectors', 'sector=' || sector, 'sector', 'duplicate sector (' || CAST(COUNT(*) AS VARCHAR) || ' rows)' FROM raw_sectors GROUP BY sector HAVING COUNT(*) > 1
  UNION ALL
  SELECT 'tasks', 'task_id=' || task_id, 'task_id', 'duplicate task_id (' || CAST(COUNT(*) AS VARCHAR) || ' rows)' FROM raw_tasks GROUP BY task_id HAVING COUNT(*) > 1
  UNION ALL
  SELECT 'systems', 'system=' || system, 'system', 'duplicate system (' || CAST(COUNT(*) AS VARCHAR) || ' rows)' FROM raw_systems GROUP BY system HAVING COUNT(*) > 1
  -- run_id: a duplicate in runs (from run_keys: one row per repeated key, with its count)
  UNION ALL
  SELECT 'runs', 'run_id=' || run_id, 'run_id', 'duplicate run_id (' || CAST(runs AS VARCHAR) || ' rows)' FROM run_keys WHERE runs > 1
  -- judgments of a run not in runs (one row per judgment)
  UNION ALL
  SELECT 'judgments', 'run_id=' || run_id || ',reference=' || COALESCE(reference, '') || ',judge=' || COALESCE(judge, ''), 'run_id', 'unknown run "' || run_id || '" (not in runs)'
  FROM suspect_judgments WHERE unknown_run = 1
  -- a (run_id, reference, judge) judged twice: exact, over the suspect runs' judgments only
  UNION ALL
  SELECT 'judgments', 'run_id=' || run_id || ',reference=' || reference || ',judge=' || judge, 'judge', 'duplicate judgment (' || CAST(COUNT(*) AS VARCHAR) || ' rows)'
  FROM suspect_judgments GROUP BY run_id, reference, judge HAVING COUNT(*) > 1
  -- references of the small files: anti-joins
  UNION ALL
  SELECT 'occupations', 'occupation=' || o.occupation, 'sector', 'unknown sector "' || o.sector || '" (not in sectors)'
  FROM raw_occupations o LEFT JOIN raw_sectors s ON s.sector = o.sector WHERE o.sector IS NOT NULL AND s.sector IS NULL
  UNION ALL
  SELECT 'tasks', 'task_id=' || t.task_id, 'occupation', 'unknown occupation "' || t.occupation || '" (not in occupations)'
  FROM raw_tasks t LEFT JOIN raw_occupations o ON o.occupation = t.occupation WHERE t.occupation IS NOT NULL AND o.occupation IS NULL
  -- runs' task and system: anti-joins of the (task_id, system) groups, then the groups' runs itemised
  UNION ALL
  SELECT 'runs', 'run_id=' || run_id, 'task_id', 'unknown task "' || task_id || '" (not in tasks)' FROM suspect_runs WHERE unknown_task = 1
  UNION ALL
  SELECT 'runs', 'run_id=' || run_id, 'system', 'unknown system "' || system || '" (not in systems)' FROM suspect_runs WHERE unknown_system = 1
  -- attempts of one (task, system): a duplicate, then numbered 1..n without gaps; exact, over the suspect groups' runs only
  UNION ALL
  SELECT 'runs', 'task_id=' || task_id || ',system=' || system || ',attempt=' || CAST(attempt AS VARCHAR), 'attempt', 'duplicate attempt (' || CAST(COUNT(*) AS VARCHAR) || ' rows)'
  FROM suspect_runs WHERE attempts_suspect = 1 GROUP BY task_id, system, attempt HAVING COUNT(*) > 1
  UNION ALL
  SELECT 'runs', 'task_id=' || task_id || ',system=' || system, 'attempt',
         'attempts are not numbered 1..n: ' || CAST(COUNT(*) AS VARCHAR) || ' runs, attempts ' || CAST(MIN(TRY_CAST(attempt AS INTEGER)) AS VARCHAR) || ' to ' || CAST(MAX(TRY_CAST(attempt AS INTEGER)) AS VARCHAR)
  FROM suspect_runs WHERE attempts_suspect = 1 AND TRY_CAST(attempt AS INTEGER) >= 1
  GROUP BY task_id, system
  HAVING MIN(TRY_CAST(attempt AS INTEGER)) <> 1 OR MAX(TRY_CAST(attempt AS INTEGER)) <> COUNT(DISTINCT TRY_CAST(attempt AS INTEGER))
)
SELECT file, row_key, column_name, message FROM problems ORDER BY file, row_key, column_name, message
