import { describe, expect, it } from 'vitest';
import { UsageError } from '../../cli/command.ts';
import { parseTrackerFile } from '../../cli/commands/trackers-import.ts';

describe('tracker import files', () => {
  it('reads one id per line or the first CSV column, skipping a header, blanks and comments', () => {
    expect(parseTrackerFile('tracker_id,batch\n"tf-0001",a\n\n# comment\nTF0002;b\r\ntf0003\n')).toEqual([
      'TF-0001',
      'TF0002',
      'TF0003',
    ]);
  });

  it('names the line of an id that cannot be one', () => {
    expect(() => parseTrackerFile('TF0001\nnot an id\n')).toThrow(UsageError);
    expect(() => parseTrackerFile('TF0001\nnot an id\n')).toThrow('line 2: "not an id"');
  });
});
