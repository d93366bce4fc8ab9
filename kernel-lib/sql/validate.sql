-- The dataset loader's checks (kernel-lib/data/load.ts, data/README.md) as SQL constraints and
-- anti-joins, for data past one Node heap (issue 27): one row per problem, naming the row by its key
-- (a CSV line number means nothing to a distributed engine) and the column.
--
-- Same SQL subset as taskComponents.sql (DuckDB, Trino, Spark SQL; TRY_CAST is in all three). Inputs:
-- the six files as text, one table each: raw_occupations, raw_sectors, raw_tasks, raw_systems, raw_runs,
-- raw_judgments (every column VARCHAR, an empty cell NULL; runs' optional node_hours as a column,
-- NULL when the file has none). Output columns: file, row_key (the row's key, e.g. run_id=r1),
-- column_name, message; ordered by file, then key.
WITH problems AS (
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
  SELECT 'occupations', 'occupation=' || occupation, 'median_hourly_wage_usd', 'expected a positive number: ' || COALESCE(median_hourly_wage_usd, '(empty)')
  FROM raw_occupations WHERE NOT COALESCE(TRY_CAST(median_hourly_wage_usd AS DOUBLE) > 0, FALSE)
  UNION ALL
  SELECT 'occupations', 'occupation=' || occupation, 'employment', 'expected a number >= 0: ' || COALESCE(employment, '(empty)')
  FROM raw_occupations WHERE NOT COALESCE(TRY_CAST(employment AS DOUBLE) >= 0, FALSE)
  UNION ALL
  SELECT 'sectors', 'sector=' || sector, 'gdp_share', 'expected a positive number: ' || COALESCE(gdp_share, '(empty)')
  FROM raw_sectors WHERE NOT COALESCE(TRY_CAST(gdp_share AS DOUBLE) > 0, FALSE)
  UNION ALL
  SELECT 'tasks', 'task_id=' || task_id, 'expert_hours', 'expected a positive number: ' || COALESCE(expert_hours, '(empty)')
  FROM raw_tasks WHERE NOT COALESCE(TRY_CAST(expert_hours AS DOUBLE) > 0, FALSE)
  UNION ALL
  SELECT 'tasks', 'task_id=' || task_id, 'expert_ai_hours', 'expected a positive number or an empty cell: ' || expert_ai_hours
  FROM raw_tasks WHERE expert_ai_hours IS NOT NULL AND NOT COALESCE(TRY_CAST(expert_ai_hours AS DOUBLE) > 0, FALSE)
  UNION ALL
  SELECT 'systems', 'system=' || system, 'accelerator_count', 'expected an integer >= 1: ' || COALESCE(accelerator_count, '(empty)')
  FROM raw_systems WHERE NOT COALESCE(TRY_CAST(accelerator_count AS INTEGER) >= 1 AND TRY_CAST(accelerator_count AS DOUBLE) = TRY_CAST(accelerator_count AS INTEGER), FALSE)
  UNION ALL
  SELECT 'runs', 'run_id=' || run_id, 'attempt', 'expected an integer >= 1: ' || COALESCE(attempt, '(empty)')
  FROM raw_runs WHERE NOT COALESCE(TRY_CAST(attempt AS INTEGER) >= 1 AND TRY_CAST(attempt AS DOUBLE) = TRY_CAST(attempt AS INTEGER), FALSE)
  UNION ALL
  SELECT 'runs', 'run_id=' || run_id, 'ai_hours', 'expected a number >= 0: ' || COALESCE(ai_hours, '(empty)')
  FROM raw_runs WHERE NOT COALESCE(TRY_CAST(ai_hours AS DOUBLE) >= 0, FALSE)
  UNION ALL
  SELECT 'runs', 'run_id=' || run_id, 'cost_usd', 'expected a number >= 0: ' || COALESCE(cost_usd, '(empty)')
  FROM raw_runs WHERE NOT COALESCE(TRY_CAST(cost_usd AS DOUBLE) >= 0, FALSE)
  UNION ALL
  SELECT 'runs', 'run_id=' || run_id, 'energy_mj', 'expected a positive number: ' || COALESCE(energy_mj, '(empty)')
  FROM raw_runs WHERE NOT COALESCE(TRY_CAST(energy_mj AS DOUBLE) > 0, FALSE)
  UNION ALL
  SELECT 'runs', 'run_id=' || run_id, 'node_hours', 'expected a number >= 0 or an empty cell: ' || node_hours
  FROM raw_runs WHERE node_hours IS NOT NULL AND NOT COALESCE(TRY_CAST(node_hours AS DOUBLE) >= 0, FALSE)
  UNION ALL
  SELECT 'judgments', 'run_id=' || run_id || ',reference=' || COALESCE(reference, '') || ',judge=' || COALESCE(judge, ''), 'reference', 'expected expert_only or expert_with_ai: ' || COALESCE(reference, '(empty)')
  FROM raw_judgments WHERE reference IS NULL OR reference NOT IN ('expert_only', 'expert_with_ai')
  UNION ALL
  SELECT 'judgments', 'run_id=' || run_id || ',reference=' || COALESCE(reference, '') || ',judge=' || COALESCE(judge, ''), 'outcome', 'expected win, tie or loss: ' || COALESCE(outcome, '(empty)')
  FROM raw_judgments WHERE outcome IS NULL OR outcome NOT IN ('win', 'tie', 'loss')
  -- duplicate ids (one row per repeated key, with its count)
  UNION ALL
  SELECT 'occupations', 'occupation=' || occupation, 'occupation', 'duplicate occupation (' || CAST(COUNT(*) AS VARCHAR) || ' rows)' FROM raw_occupations GROUP BY occupation HAVING COUNT(*) > 1
  UNION ALL
  SELECT 'sectors', 'sector=' || sector, 'sector', 'duplicate sector (' || CAST(COUNT(*) AS VARCHAR) || ' rows)' FROM raw_sectors GROUP BY sector HAVING COUNT(*) > 1
  UNION ALL
  SELECT 'tasks', 'task_id=' || task_id, 'task_id', 'duplicate task_id (' || CAST(COUNT(*) AS VARCHAR) || ' rows)' FROM raw_tasks GROUP BY task_id HAVING COUNT(*) > 1
  UNION ALL
  SELECT 'systems', 'system=' || system, 'system', 'duplicate system (' || CAST(COUNT(*) AS VARCHAR) || ' rows)' FROM raw_systems GROUP BY system HAVING COUNT(*) > 1
  UNION ALL
  SELECT 'runs', 'run_id=' || run_id, 'run_id', 'duplicate run_id (' || CAST(COUNT(*) AS VARCHAR) || ' rows)' FROM raw_runs GROUP BY run_id HAVING COUNT(*) > 1
  UNION ALL
  SELECT 'runs', 'task_id=' || task_id || ',system=' || system || ',attempt=' || attempt, 'attempt', 'duplicate attempt (' || CAST(COUNT(*) AS VARCHAR) || ' rows)'
  FROM raw_runs GROUP BY task_id, system, attempt HAVING COUNT(*) > 1
  UNION ALL
  SELECT 'judgments', 'run_id=' || run_id || ',reference=' || reference || ',judge=' || judge, 'judge', 'duplicate judgment (' || CAST(COUNT(*) AS VARCHAR) || ' rows)'
  FROM raw_judgments GROUP BY run_id, reference, judge HAVING COUNT(*) > 1
  -- references: anti-joins
  UNION ALL
  SELECT 'occupations', 'occupation=' || o.occupation, 'sector', 'unknown sector "' || o.sector || '" (not in sectors)'
  FROM raw_occupations o LEFT JOIN raw_sectors s ON s.sector = o.sector WHERE o.sector IS NOT NULL AND s.sector IS NULL
  UNION ALL
  SELECT 'tasks', 'task_id=' || t.task_id, 'occupation', 'unknown occupation "' || t.occupation || '" (not in occupations)'
  FROM raw_tasks t LEFT JOIN raw_occupations o ON o.occupation = t.occupation WHERE t.occupation IS NOT NULL AND o.occupation IS NULL
  UNION ALL
  SELECT 'runs', 'run_id=' || r.run_id, 'task_id', 'unknown task "' || r.task_id || '" (not in tasks)'
  FROM raw_runs r LEFT JOIN raw_tasks t ON t.task_id = r.task_id WHERE r.task_id IS NOT NULL AND t.task_id IS NULL
  UNION ALL
  SELECT 'runs', 'run_id=' || r.run_id, 'system', 'unknown system "' || r.system || '" (not in systems)'
  FROM raw_runs r LEFT JOIN raw_systems s ON s.system = r.system WHERE r.system IS NOT NULL AND s.system IS NULL
  UNION ALL
  SELECT 'judgments', 'run_id=' || j.run_id || ',reference=' || COALESCE(j.reference, '') || ',judge=' || COALESCE(j.judge, ''), 'run_id', 'unknown run "' || j.run_id || '" (not in runs)'
  FROM raw_judgments j LEFT JOIN raw_runs r ON r.run_id = j.run_id WHERE r.run_id IS NULL
  -- attempts of one (task, system) numbered 1..n without gaps
  UNION ALL
  SELECT 'runs', 'task_id=' || task_id || ',system=' || system, 'attempt',
         'attempts are not numbered 1..n: ' || CAST(COUNT(*) AS VARCHAR) || ' runs, attempts ' || CAST(MIN(TRY_CAST(attempt AS INTEGER)) AS VARCHAR) || ' to ' || CAST(MAX(TRY_CAST(attempt AS INTEGER)) AS VARCHAR)
  FROM raw_runs WHERE TRY_CAST(attempt AS INTEGER) >= 1
  GROUP BY task_id, system
  HAVING MIN(TRY_CAST(attempt AS INTEGER)) <> 1 OR MAX(TRY_CAST(attempt AS INTEGER)) <> COUNT(DISTINCT TRY_CAST(attempt AS INTEGER))
)
SELECT file, row_key, column_name, message FROM problems ORDER BY file, row_key, column_name, message
