-- What the tables read of the per-run and per-judgment records besides the task components (issue 27):
-- the SQL form of kernel-lib/metrics/recordAggregates.ts recordAggregatesFromRecords, so that
-- `j2g tables --engine duckdb` never holds a record in the heap. Several queries, each after a line
-- `-- query: NAME` (the runner splits the file there and runs each one alone).
--
-- Written in the subset of SQL that DuckDB, Trino and Spark SQL all run, as taskComponents.sql: WITH,
-- inner, left and cross joins, CASE, COUNT/SUM/MIN/MAX with GROUP BY, ROW_NUMBER() OVER (PARTITION BY
-- ... ORDER BY ...), UNION ALL, COALESCE. Placeholders (SQL literals filled in by the runner):
--   {{system}} the context's system (Table 2 and the policy tables read only it), {{judge}} its judge.
-- Inputs: the tables of taskComponents.sql (tasks and judgments and runs with a column row_in_file,
-- the 1-based row of the file; runs' node_hours NULL when the file has none) and, for the query
-- validity only (run when runs has that column), runs.validity as text.

-- query: judges
-- every judge, in order of its first judgment (metrics/taskComponents.ts judgesOf)
SELECT judge, MIN(row_in_file) AS first_row
FROM judgments
GROUP BY judge
ORDER BY first_row

-- query: systems
-- per system with runs: runs, the most attempts, runs without node_hours, 0-based row of its first run
SELECT system, COUNT(*) AS runs, MAX(attempt) AS max_attempt,
       SUM(CASE WHEN node_hours IS NULL THEN 1 ELSE 0 END) AS without_node_hours,
       MIN(row_in_file) - 1 AS first_row
FROM runs
GROUP BY system
ORDER BY first_row

-- query: judged
-- per system, reference and judge: the system's runs with a judgment (one judgment per run, reference
-- and judge: validate.sql refuses a duplicate)
SELECT r.system, j.reference, j.judge, COUNT(*) AS runs
FROM judgments j
JOIN runs r ON r.run_id = j.run_id
GROUP BY r.system, j.reference, j.judge

-- query: validity
-- per system and validity cell (an empty cell ''): runs
SELECT system, COALESCE(validity, '') AS validity, COUNT(*) AS runs
FROM runs
GROUP BY system, COALESCE(validity, '')

-- query: agreement
-- Table 2: per reference and ordered pair of different judges, the outcomes both gave to one run of
-- {{system}}
WITH verdicts AS (
  SELECT j.run_id, j.reference, j.judge, j.outcome
  FROM judgments j
  JOIN runs r ON r.run_id = j.run_id
  WHERE r.system = {{system}}
)
SELECT a.reference, a.judge AS judge_a, b.judge AS judge_b, a.outcome AS outcome_a, b.outcome AS outcome_b, COUNT(*) AS n
FROM verdicts a
JOIN verdicts b ON b.run_id = a.run_id AND b.reference = a.reference AND b.judge <> a.judge
GROUP BY a.reference, a.judge, b.judge, a.outcome, b.outcome

-- query: repeated
-- Table 2's repeated-output row: per reference, {{judge}}'s outcomes of the first and second attempt
-- (in attempt order) of each task of {{system}}, both judged
WITH ranked AS (
  SELECT run_id, task_id, ROW_NUMBER() OVER (PARTITION BY task_id ORDER BY attempt) AS position
  FROM runs
  WHERE system = {{system}}
),
verdicts AS (
  SELECT r.task_id, r.position, j.reference, j.outcome
  FROM ranked r
  JOIN judgments j ON j.run_id = r.run_id AND j.judge = {{judge}}
  WHERE r.position <= 2
)
SELECT a.reference, a.outcome AS outcome_a, b.outcome AS outcome_b, COUNT(*) AS n
FROM verdicts a
JOIN verdicts b ON b.task_id = a.task_id AND b.reference = a.reference
WHERE a.position = 1 AND b.position = 2
GROUP BY a.reference, a.outcome, b.outcome

-- query: attempts
-- the policy tables (Tables 19-21): per reference and task of {{system}} (tasks in file order), its
-- attempts, how many leading attempts (in attempt order) {{judge}} judged, and the run_id of the first
-- attempt not judged (NULL when all are)
WITH ranked AS (
  SELECT run_id, task_id, ROW_NUMBER() OVER (PARTITION BY task_id ORDER BY attempt) AS position
  FROM runs
  WHERE system = {{system}}
),
refs AS (
  SELECT 'expert_only' AS reference UNION ALL SELECT 'expert_with_ai' AS reference
),
marked AS (
  SELECT r.task_id, r.run_id, r.position, f.reference, CASE WHEN j.run_id IS NULL THEN 1 ELSE 0 END AS unjudged
  FROM ranked r
  CROSS JOIN refs f
  LEFT JOIN judgments j ON j.run_id = r.run_id AND j.reference = f.reference AND j.judge = {{judge}}
),
per_task AS (
  SELECT task_id, reference, COUNT(*) AS attempts, MIN(CASE WHEN unjudged = 1 THEN position END) AS first_unjudged
  FROM marked
  GROUP BY task_id, reference
)
SELECT p.reference, p.task_id, p.attempts, COALESCE(p.first_unjudged - 1, p.attempts) AS prefix, m.run_id AS unjudged_run
FROM per_task p
JOIN tasks t ON t.task_id = p.task_id
LEFT JOIN marked m ON m.task_id = p.task_id AND m.reference = p.reference AND m.position = p.first_unjudged
ORDER BY p.reference, t.row_in_file
