-- What the tables read of the per-run and per-judgment records besides the task components (issue 27):
-- the SQL form of kernel-lib/metrics/recordAggregates.ts recordAggregatesFromRecords, so that
-- `j2g tables --engine duckdb` never holds a record in the heap. Three queries, each after a line
-- `-- query: NAME` (the runner splits the file there and runs each one alone), each one pass over what
-- it reads: runs (per system and validity cell), judgments joined to runs (per system, reference and
-- judge), and judgments joined to the context system's runs (Table 2's pairs and the policy tables'
-- attempts, three parts of one result told apart by its column part).
--
-- Written in the subset of SQL that DuckDB, Trino and Spark SQL all run, as taskComponents.sql: WITH,
-- inner, left and cross joins, CASE, COUNT/SUM/MIN/MAX with GROUP BY, ROW_NUMBER() OVER (PARTITION BY
-- ... ORDER BY ...), SUM/MIN/MAX() OVER (PARTITION BY ...), UNION ALL, COALESCE, CAST(NULL AS ...). Placeholders (SQL literals filled in by the runner):
--   {{system}} the context's system (Table 2 and the policy tables read only it), {{judge}} its judge.
-- Inputs: the tables of taskComponents.sql (tasks and judgments and runs with a column row_in_file,
-- the 1-based row of the file; runs' node_hours and validity NULL when the file has none).

-- query: runs
-- one scan of runs. Per system and validity cell (an empty cell ''; every run '' when runs has no
-- validity column): the runs; and on each row, its system's runs, most attempts, runs without
-- node_hours and 0-based row of its first run (the same on every row of a system). Ordered by the
-- system's first run.
WITH cells AS (
  SELECT system, COALESCE(validity, '') AS validity, COUNT(*) AS runs, MAX(attempt) AS max_attempt,
         SUM(CASE WHEN node_hours IS NULL THEN 1 ELSE 0 END) AS without_node_hours,
         MIN(row_in_file) AS first_row
  FROM runs
  GROUP BY system, COALESCE(validity, '')
)
SELECT system, validity, runs,
       SUM(runs) OVER (PARTITION BY system) AS system_runs,
       MAX(max_attempt) OVER (PARTITION BY system) AS max_attempt,
       SUM(without_node_hours) OVER (PARTITION BY system) AS without_node_hours,
       MIN(first_row) OVER (PARTITION BY system) - 1 AS system_first_row
FROM cells
ORDER BY system_first_row, validity

-- query: judged
-- one scan of judgments joined to runs. Per system, reference and judge: the system's runs with a
-- judgment (one judgment per run, reference and judge: validate.sql refuses a duplicate), and the
-- judge's first row in judgments (judge_first_row, the same on every row of a judge: the judges in
-- order of their first judgment, metrics/taskComponents.ts judgesOf; every judgment names a run,
-- validate.sql refuses one that does not, so the join loses none)
WITH per AS (
  SELECT r.system, j.reference, j.judge, COUNT(*) AS runs, MIN(j.row_in_file) AS first_row
  FROM judgments j
  JOIN runs r ON r.run_id = j.run_id
  GROUP BY r.system, j.reference, j.judge
)
SELECT system, reference, judge, runs, MIN(first_row) OVER (PARTITION BY judge) AS judge_first_row
FROM per

-- query: scoped
-- one scan of judgments joined to {{system}}'s runs, three parts (column part; the columns a part
-- does not use are NULL):
--   agreement (Table 2): per reference and ordered pair of different judges, the outcomes both gave
--     to one run: reference, judge_a, judge_b, outcome_a, outcome_b, n;
--   repeated (Table 2's repeated-output row): per reference, {{judge}}'s outcomes of the first and
--     second attempt (in attempt order) of each task, both judged: reference, outcome_a, outcome_b, n;
--   attempts (the policy tables, Tables 19-21): per reference and task (in file order, task_row), its
--     attempts, how many leading attempts (in attempt order) {{judge}} judged (prefix), and the run_id
--     of the first attempt not judged (unjudged_run, NULL when all are).
WITH ranked AS (
  SELECT run_id, task_id, ROW_NUMBER() OVER (PARTITION BY task_id ORDER BY attempt) AS position
  FROM runs
  WHERE system = {{system}}
),
verdicts AS (
  SELECT r.run_id, r.task_id, r.position, j.reference, j.judge, j.outcome
  FROM judgments j
  JOIN ranked r ON r.run_id = j.run_id
),
refs AS (
  SELECT 'expert_only' AS reference UNION ALL SELECT 'expert_with_ai' AS reference
),
marked AS (
  SELECT r.task_id, r.run_id, r.position, f.reference, CASE WHEN v.run_id IS NULL THEN 1 ELSE 0 END AS unjudged
  FROM ranked r
  CROSS JOIN refs f
  LEFT JOIN verdicts v ON v.run_id = r.run_id AND v.reference = f.reference AND v.judge = {{judge}}
),
per_task AS (
  SELECT task_id, reference, COUNT(*) AS attempts, MIN(CASE WHEN unjudged = 1 THEN position END) AS first_unjudged
  FROM marked
  GROUP BY task_id, reference
)
SELECT 'agreement' AS part, a.reference, a.judge AS judge_a, b.judge AS judge_b, a.outcome AS outcome_a, b.outcome AS outcome_b, COUNT(*) AS n,
       CAST(NULL AS VARCHAR) AS task_id, CAST(NULL AS BIGINT) AS attempts, CAST(NULL AS BIGINT) AS prefix, CAST(NULL AS VARCHAR) AS unjudged_run, CAST(NULL AS BIGINT) AS task_row
FROM verdicts a
JOIN verdicts b ON b.run_id = a.run_id AND b.reference = a.reference AND b.judge <> a.judge
GROUP BY a.reference, a.judge, b.judge, a.outcome, b.outcome
UNION ALL
SELECT 'repeated', a.reference, NULL, NULL, a.outcome, b.outcome, COUNT(*),
       NULL, NULL, NULL, NULL, NULL
FROM verdicts a
JOIN verdicts b ON b.task_id = a.task_id AND b.reference = a.reference
WHERE a.position = 1 AND b.position = 2 AND a.judge = {{judge}} AND b.judge = {{judge}}
GROUP BY a.reference, a.outcome, b.outcome
UNION ALL
SELECT 'attempts', p.reference, NULL, NULL, NULL, NULL, NULL,
       p.task_id, p.attempts, COALESCE(p.first_unjudged - 1, p.attempts), m.run_id, t.row_in_file
FROM per_task p
JOIN tasks t ON t.task_id = p.task_id
LEFT JOIN marked m ON m.task_id = p.task_id AND m.reference = p.reference AND m.position = p.first_unjudged
ORDER BY part, reference, task_row
