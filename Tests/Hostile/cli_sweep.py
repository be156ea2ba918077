"""Hostile option values for every command that takes a number, a duration, a date, a time, a
coordinate or user text: each run of the built `tempo` must end with a status (no signal, no
hang), print at most one line on standard error, and explain any failure.

    python3 Tests/Hostile/cli_sweep.py PATH/TO/tempo FIXTURES_DIR

Prints the number of inputs tried and every bad one; exits 1 if there is any.
"""
import os, subprocess, sys, tempfile
T = sys.argv[1]
FIX = sys.argv[2]
vals=['-5s','0','-0','1e400','nan','inf','-inf','1e-20','9223372036854775807','99999999999999999999999','0x10','1_000','', ' ', '\x1b[31m', '1e308h','0.0000001s','25:00:00:00','::','1:','٣','NaN','+5','5m5m','1h-5m','1.5.5h','.5h','0s','-1','2147483648','1,2','91,0','0,181','nan,nan','1e3,1e3','-0,-0','90,180','2026-02-30','2026-13-01','0000-01-01','2199-12-31','2200-01-01','1969-12-31T23:59:59Z','2026-11-24T25:00','2026-11-24 09:00','2026-11-24T09:00:00+25:00','24:00','23:60','-01:00','04:00']
cmds=[['timer','start','{}'],['focus','config','--goal','{}'],['focus','config','--growth','0,{}'],['focus','config','--day-start','{}'],['focus','config','--tz','{}'],
['focus','pomodoro','--work','{}','--status'],['focus','pomodoro','--rounds','{}','--status'],['focus','calendar','--weeks','{}'],['focus','report','--from','{}'],['focus','report','--to','{}'],['focus','report','--day-start','{}'],
['focus','add','--start','{}','--end','2026-11-20T10:00Z'],['focus','add','--start','2026-11-20T09:00Z','--end','{}'],
['places','add','x','--at','{}','--radius','5m'],['places','add','x','--at','1,2','--radius','{}'],['run','summary',FIX+'/run-3laps.tcx','--splits','{}'],
['run','record','--replay',FIX+'/run-3laps.tcx','--speed','0','--stop-when-idle','{}','--new'],
['timer','status','{}'],['run','show','{}'],
['run','summary',FIX+'/run-3laps.tcx','--sport','{}'],['timer','start','5m','--label','{}'],['focus','start','{}']]
env=dict(os.environ, SWIFT_BACKTRACE='enable=no', TEMPO_NOW='2026-11-24T12:00:00Z')
work = tempfile.mkdtemp()
bad=0; n=0
for c in cmds:
    for v in vals:
        args=[a.replace('{}',v) for a in c]
        db=os.path.join(work, 's.sqlite')
        for f in [db, db+'-journal']:
            if os.path.exists(f): os.remove(f)
        env['TEMPO_DB']=db
        try:
            r=subprocess.run([T]+args, capture_output=True, env=env, timeout=20, stdin=subprocess.DEVNULL)
        except subprocess.TimeoutExpired:
            print('HANG', args); bad+=1; continue
        n+=1
        err=r.stderr.decode(errors='replace').strip()
        lines=err.split('\n') if err else []
        if r.returncode<0 or r.returncode>=128 or len(lines)>1 or (r.returncode!=0 and not err):
            bad+=1; print('BAD', r.returncode, args, err[:200])
print('inputs', n, 'bad', bad)
sys.exit(1 if bad else 0)
