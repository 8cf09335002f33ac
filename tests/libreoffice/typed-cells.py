"""Enters each text of a JSON list (stdin) into a LibreOffice Calc cell as if typed, the way Google Sheets
enters the relay's rows, and prints what the cell became: [{"type": "TEXT" | "VALUE" | "FORMULA", "shown": ...}].

Usage: python3 typed-cells.py <profile dir> <port> < cells.json (Debian's /usr/bin/python3, which has the uno module)."""
import json
import subprocess
import sys
import time

import uno
from com.sun.star.beans import PropertyValue

profile, port = sys.argv[1], sys.argv[2]
office = subprocess.Popen(
    ['soffice', '--headless', '--invisible', '--norestore', f'-env:UserInstallation=file://{profile}',
     f'--accept=socket,host=127.0.0.1,port={port};urp;'],
    stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
try:
    local = uno.getComponentContext()
    resolver = local.ServiceManager.createInstanceWithContext('com.sun.star.bridge.UnoUrlResolver', local)
    for _ in range(240):
        try:
            context = resolver.resolve(f'uno:socket,host=127.0.0.1,port={port};urp;StarOffice.ComponentContext')
            break
        except Exception:
            time.sleep(0.5)
    else:
        raise SystemExit('LibreOffice did not start')
    desktop = context.ServiceManager.createInstanceWithContext('com.sun.star.frame.Desktop', context)
    hidden = PropertyValue()
    hidden.Name, hidden.Value = 'Hidden', True
    document = desktop.loadComponentFromURL('private:factory/scalc', '_blank', 0, (hidden,))
    sheet = document.Sheets.getByIndex(0)
    cells = []
    for row, text in enumerate(json.load(sys.stdin)):
        cell = sheet.getCellByPosition(0, row)
        cell.setFormula(text)
        cells.append({'type': cell.Type.value, 'shown': cell.String})
    document.close(True)
    print(json.dumps(cells))
finally:
    office.terminate()
    office.wait()
