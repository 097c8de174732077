import { describe, expect, it } from 'vitest';
import { teams } from '../../../../contract/examples/teams';
import { promoCodes } from '../../../../contract/definitions/promo-codes';
import { usersWithoutSchemas as users } from '../../../../contract/definitions/users';
import { cellValue, planColumns } from '../../../../server/engine/import/columns';

describe('an import file’s columns', () => {
  it('matches a field by its name or English label, case and spaces ignored, and lists the rest', () => {
    const plan = planColumns(promoCodes, ['CODE', ' name ', 'Organization', 'state', 'is active', 'Colour']);
    expect(plan.columns.map((column) => column.field)).toEqual([
      'code',
      'name',
      'organization',
      'state',
      'isActive',
      '',
    ]);
    expect(plan.unknownColumns).toEqual(['Colour']);
    expect(plan.missingFields).toEqual([]);
  });

  it('takes the caller’s mapping (the labels in the user’s language, the mapping step) first', () => {
    const plan = planColumns(promoCodes, ['Código', 'Nombre', 'Organización', 'Estado', 'Name'], {
      Código: 'code',
      nombre: 'name',
      Organización: 'organization',
      Estado: 'state',
      Name: '',
    });
    expect(plan.columns.map((column) => column.field)).toEqual(['code', 'name', 'organization', 'state', '']);
  });

  it('names the required fields without a column, but not the organization of a role held to its own', () => {
    expect(planColumns(promoCodes, ['Code']).missingFields).toEqual(['name', 'organization', 'state']);
    expect(planColumns(teams, ['Name']).missingFields).toEqual(['sport', 'organizationId']);
    expect(planColumns(teams, ['Name'], {}, ['organizationId']).missingFields).toEqual(['sport']);
  });
});

describe('an import file’s cells', () => {
  const f = promoCodes.fields;
  it('reads yes/no, sí, true/false and 1/0 as booleans', () => {
    expect(['Yes', 'sí', 'SI', 'true', '1', 'x'].map((text) => cellValue(f.isActive, text, 'en'))).toEqual(
      Array(6).fill(true),
    );
    expect(['No', 'false', '0', 'falso'].map((text) => cellValue(f.isActive, text, 'es'))).toEqual(
      Array(4).fill(false),
    );
    expect(cellValue(f.isActive, 'maybe', 'en')).toBe('maybe');
  });

  it('reads a choice by its value or its label', () => {
    expect(cellValue(f.state, 'CA - California', 'en')).toBe('CA');
    expect(cellValue(f.state, 'ca', 'en')).toBe('CA');
    expect(cellValue(f.state, 'Atlantis', 'en')).toBe('Atlantis');
  });

  it('reads a choice by its Spanish label as by its English one, and a list of them', () => {
    const roles = users.importFields!.userRoles;
    const spanish = { 'Director deportivo': 'AthleticDirector', Administrador: 'Admin' };
    expect(cellValue(roles, 'director deportivo', 'en', spanish)).toEqual(['AthleticDirector']);
    expect(cellValue(roles, 'Athletic Director', 'es', spanish)).toEqual(['AthleticDirector']);
    expect(cellValue(roles, 'Administrador; Director Deportivo', 'es', spanish)).toEqual([
      'Admin',
      'AthleticDirector',
    ]);
    expect(cellValue(roles, 'Admin, Coach', 'en', spanish)).toEqual(['Admin', 'Coach']);
    expect(cellValue(f.isActive, 'Sí', 'en')).toBe(true);
    expect(cellValue(f.isActive, 'NO', 'en')).toBe(false);
  });

  it('reads numbers and dates as the user’s language writes them', () => {
    const money = { kind: 'money', label: 'Total' } as const;
    const day = { kind: 'date', label: 'Day' } as const;
    expect(cellValue(money, '1,234.50', 'en')).toBe(1234.5);
    expect(cellValue(money, '1.234,50', 'es')).toBe(1234.5);
    expect(cellValue(money, 'twelve', 'en')).toBe('twelve');
    expect(cellValue(day, '1/31/2026', 'en')).toBe('2026-01-31');
    expect(cellValue(day, '31/01/2026', 'es')).toBe('2026-01-31');
    expect(cellValue(day, '2026-01-31', 'es')).toBe('2026-01-31');
    expect(cellValue(f.code, '', 'en')).toBeNull();
  });
});
