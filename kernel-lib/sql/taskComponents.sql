-- Per-task components of one AI system under one judge, reference pair and attempt policy
-- (Joules-to-GDP sections 2.1-2.4, K.1, K.2): the SQL form of kernel-lib/metrics/taskComponents.ts,
-- the step records -> per-task components, for data past one Node heap (issue 27).
--
-- Written in the subset of SQL that DuckDB, Trino and Spark SQL all run: WITH, inner and left joins,
-- CASE, COUNT/SUM/MAX with GROUP BY, CAST, ORDER BY; no engine-specific function. Placeholders in
-- double braces are replaced by the runner with SQL literals before the text is run:
--   {{system}} {{judge}} {{judgment_reference}} (text), {{time_reference_ai}} (1 when the time
--   reference is expert_with_ai, else 0), {{charged}} (k of pass@k, n of m-of-n), {{needed}} (1 for
--   pass@k, m for m-of-n), {{reprice}} (1 to re-price the runs at {{node_rate}}, else 0) and
--   {{node_rate}} (text: the replacement USD per node-hour, read as DOUBLE; Appendix G.1:
--   C(r) = C + T_alloc (r - base), T_alloc = node_hours, else C / base), and {{all_systems}}: 1 to
--   give every system's tasks at once ({{system}} then unused; a system column tells them apart: one
--   scan of runs and judgments for Table 1's row per system instead of one per system), else 0.
-- Inputs: the tables occupations, tasks, systems, runs (node_hours NULL when the file has none) and
-- judgments with the CSV schema's columns (data/README.md), and in tasks and occupations a column row_in_file (1-based row of the file): the
-- order of tasks and occupations, on which the bootstrap's draws depend.
--
-- Output: one row per task the system ran (per system, then tasks in file order), with
--   system, task_id, task_row (the task's row_in_file), occupation, occupation_row (the occupation's row_in_file), expert_hours H, wage_usd_per_hour W,
--   credit Q (1 when at least {{needed}} of the charged attempts win or tie), value_usd Q H W,
--   cost_usd, energy_mj, ai_hours (sums over the charged attempts 1..{{charged}}),
--   time_saving_hours Q (H - mean AI hours of the winning charged attempts),
--   attempts (charged attempts found) and judged (of those, with a judgment): a task with
--   attempts < {{charged}}, judged < attempts or a null expert_hours cannot be evaluated, and the
--   runner names it (the JavaScript path's messages).
WITH charged AS (
  SELECT r.system, r.task_id, r.attempt, r.ai_hours, r.energy_mj,
         CASE WHEN {{reprice}} = 1
              THEN r.cost_usd + COALESCE(r.node_hours, r.cost_usd / s.node_rate_usd_per_hour) * (CAST({{node_rate}} AS DOUBLE) - s.node_rate_usd_per_hour)
              ELSE r.cost_usd END AS cost_usd,
         CASE WHEN j.outcome IS NULL THEN NULL WHEN j.outcome = 'loss' THEN 0 ELSE 1 END AS win
  FROM runs r
  JOIN systems s ON s.system = r.system
  LEFT JOIN judgments j
    ON j.run_id = r.run_id AND j.reference = {{judgment_reference}} AND j.judge = {{judge}}
  WHERE ({{all_systems}} = 1 OR r.system = {{system}}) AND r.attempt <= {{charged}}
),
per_task AS (
  SELECT system, task_id,
         COUNT(*) AS attempts,
         COUNT(win) AS judged,
         SUM(cost_usd) AS cost_usd,
         SUM(energy_mj) AS energy_mj,
         SUM(ai_hours) AS ai_hours,
         SUM(win) AS wins,
         SUM(CASE WHEN win = 1 THEN ai_hours ELSE CAST(0 AS DOUBLE) END) AS win_ai_hours
  FROM charged
  GROUP BY system, task_id
),
ran AS (
  SELECT DISTINCT system, task_id FROM runs WHERE {{all_systems}} = 1 OR system = {{system}}
),
evaluated AS (
  SELECT ran.system, t.task_id, t.occupation, t.row_in_file AS task_row, o.row_in_file AS occupation_row,
         CASE WHEN {{time_reference_ai}} = 1 THEN t.expert_ai_hours ELSE t.expert_hours END AS expert_hours,
         o.median_hourly_wage_usd AS wage_usd_per_hour,
         COALESCE(p.attempts, 0) AS attempts, COALESCE(p.judged, 0) AS judged,
         p.cost_usd, p.energy_mj, p.ai_hours, p.wins, p.win_ai_hours,
         CASE WHEN COALESCE(p.wins, 0) >= {{needed}} THEN 1 ELSE 0 END AS credit
  FROM tasks t
  JOIN ran ON ran.task_id = t.task_id
  JOIN occupations o ON o.occupation = t.occupation
  LEFT JOIN per_task p ON p.system = ran.system AND p.task_id = t.task_id
)
SELECT system, task_id, task_row, occupation, occupation_row, expert_hours, wage_usd_per_hour, credit,
       credit * expert_hours * wage_usd_per_hour AS value_usd,
       cost_usd, energy_mj, ai_hours,
       CASE WHEN credit = 1 THEN expert_hours - win_ai_hours / wins ELSE CAST(0 AS DOUBLE) END AS time_saving_hours,
       attempts, judged
FROM evaluated
ORDER BY system, task_row
